/**
 * The one "board changed" path. A service whose write changes what a game's board shows (a
 * game's window or freeze, a challenge, a flag, a registration, a team's name, bio or avatar, a
 * solve) says so here once the write is committed, and the board is rebuilt soon (boards.ts).
 * Routes never do: a new write route gets this by calling a service that writes.
 */
import type { Kysely } from 'kysely';
import { listGameIdsOfTeam } from '../../db/repositories/teams.js';
import type { DB } from '../../db/schema.js';

/** What a write needs to say that boards changed: the app's database and boards (`app`). */
export interface BoardChangeDeps {
  db: Kysely<DB>;
  scoreboards: { invalidate(gameId: number, after?: () => void): void };
}

/** The board of the game shows something else now. `after` runs once a rebuild shows it. */
export function boardChanged(
  deps: Pick<BoardChangeDeps, 'scoreboards'>,
  gameId: number,
  after?: () => void,
): void {
  if (after) deps.scoreboards.invalidate(gameId, after);
  else deps.scoreboards.invalidate(gameId);
}

/** Boards show team names, bios and avatars: every board of the team's games changed. */
export async function boardsOfTeamChanged(deps: BoardChangeDeps, teamId: number): Promise<void> {
  for (const gameId of await listGameIdsOfTeam(deps.db, teamId)) boardChanged(deps, gameId);
}
