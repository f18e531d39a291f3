// Tables of challenge prerequisites and timed release (migration 0019, issue 25).
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface ChallengeUnlocksTable {
  challenge_id: number;
  game_id: number;
  /** Any N of the prerequisites; null: all of them. */
  prerequisite_count: number | null;
  unlock_score: number | null;
  release_time: EpochMs | null;
  show_when_locked: Generated<Flag>;
  release_notice: Generated<Flag>;
  /** When the release notice was posted; null until then. */
  released_at: EpochMs | null;
}

export interface ChallengePrerequisitesTable {
  challenge_id: number;
  required_id: number;
}

export interface UnlockTables {
  challenge_unlocks: ChallengeUnlocksTable;
  challenge_prerequisites: ChallengePrerequisitesTable;
}

export type ChallengeUnlockRow = Selectable<ChallengeUnlocksTable>;
