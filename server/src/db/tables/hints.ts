// Priced hints (migration 0020): a challenge's hints with a cost, and the teams' unlocks of them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs } from './columns.js';

export interface ChallengeHintsTable {
  id: Generated<number>;
  challenge_id: number;
  game_id: number;
  /** Order among the challenge's hints. */
  position: Generated<number>;
  content: string;
  /** Points the hint costs; 0 is free. */
  cost: Generated<number>;
}

export interface HintUnlocksTable {
  id: Generated<number>;
  game_id: number;
  challenge_id: number;
  hint_id: number;
  participation_id: number;
  /** Who unlocked it; null once that account is gone (the name stays). */
  user_id: string | null;
  user_name: string;
  /** The hint's cost when it was unlocked. */
  cost: number;
  time: EpochMs;
}

export interface HintTables {
  challenge_hints: ChallengeHintsTable;
  hint_unlocks: HintUnlocksTable;
}

export type ChallengeHintRow = Selectable<ChallengeHintsTable>;
export type HintUnlockRow = Selectable<HintUnlocksTable>;
