// The team lock (behaviour §5): a locked team that still plays an unfinished game may not change
// its members; a lock with no such game left is lifted when it is checked.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import type { Team } from './teams.js';

/**
 * Whether the team is locked and playing: locked, with a participation in a game that ends
 * after `now`. A locked team without such a game is unlocked on the way (behaviour §5).
 */
export async function isLockedAndPlaying(
  db: Kysely<DB>,
  team: Pick<Team, 'id' | 'locked'>,
  now: number = Date.now(),
): Promise<boolean> {
  if (!team.locked) return false;
  const unfinished = (eb: ExpressionBuilder<DB, 'teams'>) =>
    eb
      .selectFrom('participations')
      .innerJoin('games', 'games.id', 'participations.game_id')
      .select('participations.id')
      .where('participations.team_id', '=', team.id)
      .where('games.end_time', '>', now);
  // One statement, so a participation accepted meanwhile cannot be unlocked by mistake.
  const result = await db
    .updateTable('teams')
    .set({ locked: 0 })
    .where('id', '=', team.id)
    .where((eb) => eb.not(eb.exists(unfinished(eb))))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return false;
  const row = await db
    .selectFrom('teams')
    .select('locked')
    .where('id', '=', team.id)
    .executeTakeFirst();
  return row !== undefined && fromFlag(row.locked);
}
