// Tables of games: the game itself, its notices and its event log. JSON columns are text here;
// the repositories parse and serialise them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface GamesTable {
  id: Generated<number>;
  title: string;
  hidden: Generated<Flag>;
  summary: Generated<string>;
  content: Generated<string>;
  accept_without_review: Generated<Flag>;
  writeup_required: Generated<Flag>;
  writeup_deadline: Generated<EpochMs>;
  writeup_note: Generated<string>;
  invite_code: string | null;
  /** JSON string[] or null. */
  divisions: string | null;
  team_member_count_limit: Generated<number>;
  container_count_limit: Generated<number>;
  poster_hash: string | null;
  /** Base64 of the 32-byte Ed25519 public key. */
  public_key: string;
  /** Base64 of the 32-byte Ed25519 seed. */
  private_key: string;
  practice_mode: Generated<Flag>;
  start_time: EpochMs;
  end_time: EpochMs;
  blood_bonus: Generated<number>;
  /** Scoreboard freeze (epoch ms); null for none. */
  freeze_time: EpochMs | null;
  /** Who sees the scores until the end (issue 25): Public, SignedIn or Organisers. */
  score_visibility: Generated<string>;
  /** When a costed hint's price is paid: 'AtUnlock' or 'OnSolve' (migration 0020). */
  hint_policy: Generated<string>;
  /** Teams or Individual play (migration 0022). */
  play_mode: Generated<string>;
  created_at: EpochMs;
}

export interface GameNoticesTable {
  id: Generated<number>;
  game_id: number;
  type: string;
  /** JSON string[]. */
  values: string;
  time: EpochMs;
}

export interface GameEventsTable {
  id: Generated<number>;
  game_id: number;
  type: string;
  /** JSON string[]. */
  values: string;
  time: EpochMs;
  user_name: Generated<string>;
  team_name: Generated<string>;
}

export interface GameTables {
  games: GamesTable;
  game_notices: GameNoticesTable;
  game_events: GameEventsTable;
}

export type GameRow = Selectable<GamesTable>;
export type GameNoticeRow = Selectable<GameNoticesTable>;
export type GameEventRow = Selectable<GameEventsTable>;
