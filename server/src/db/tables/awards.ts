// Awards (migration 0018): points an organiser gives or takes from a team's registration.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs } from './columns.js';

export interface AwardsTable {
  id: Generated<number>;
  game_id: number;
  participation_id: number;
  /** Points given (positive) or taken (negative); never 0. */
  value: number;
  reason: string;
  /** When it counts on the board (within the game). */
  time: EpochMs;
  /** The organiser's user id; null once that account is gone. */
  given_by: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface AwardTables {
  awards: AwardsTable;
}

export type AwardRow = Selectable<AwardsTable>;
