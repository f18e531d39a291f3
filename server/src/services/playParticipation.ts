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
import { boardChanged, type BoardChangeDeps } from './scoreboard/boardChanges.js';

/**
 * Sets the status (and division, when given) in one transaction with the acceptance effects; a
 * part of a caller's write (its transaction), which says that the board changed once committed.
 */
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

/** An organiser's review: the change, then the board, which shows accepted teams by division. */
export async function reviewParticipation(
  deps: BoardChangeDeps,
  participation: Pick<Participation, 'id' | 'gameId' | 'teamId'>,
  change: { status?: ParticipationStatus; division?: string | null },
): Promise<void> {
  await changeParticipation(deps.db, participation, change);
  if (change.status !== undefined || change.division !== undefined) {
    boardChanged(deps, participation.gameId);
  }
}
