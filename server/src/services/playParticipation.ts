/**
 * Status changes of a registration with their side effects (behaviour §4.2): becoming `Accepted`
 * locks the team and gives it an instance of every enabled challenge.
 */
import type { Kysely } from 'kysely';
import { createInstancesForParticipation } from '../db/repositories/instances.js';
import {
  updateParticipation,
  type Participation,
  type ParticipationStatus,
} from '../db/repositories/participations.js';
import { updateTeam } from '../db/repositories/teams.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';

/** Sets the status (and division, when given) in one transaction with the acceptance effects. */
export async function changeParticipation(
  db: Kysely<DB>,
  participation: Pick<Participation, 'id' | 'gameId' | 'teamId'>,
  change: { status?: ParticipationStatus; division?: string | null },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await updateParticipation(trx, participation.id, change);
    if (change.status === 'Accepted') {
      await updateTeam(trx, participation.teamId, { locked: true });
      await createInstancesForParticipation(trx, participation.id, participation.gameId);
    }
  });
}
