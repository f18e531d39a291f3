// Table types of the competition engine (migration 0004). JSON columns are text here; the
// repositories parse and serialise them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './schema.js';

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
  created_at: EpochMs;
}

export interface AttachmentsTable {
  id: Generated<number>;
  type: 'Local' | 'Remote';
  file_hash: string | null;
  remote_url: string | null;
}

export interface ChallengesTable {
  id: Generated<number>;
  game_id: number;
  title: string;
  content: Generated<string>;
  category: Generated<string>;
  type: Generated<string>;
  /** JSON string[]. */
  hints: Generated<string>;
  flag_template: string | null;
  is_enabled: Generated<Flag>;
  accepted_count: Generated<number>;
  submission_count: Generated<number>;
  file_name: Generated<string>;
  attachment_id: number | null;
  container_image: Generated<string>;
  memory_limit: Generated<number>;
  cpu_count: Generated<number>;
  storage_limit: Generated<number>;
  container_expose_port: Generated<number>;
  enable_traffic_capture: Generated<Flag>;
  disable_blood_bonus: Generated<Flag>;
  original_score: Generated<number>;
  min_score_rate: Generated<number>;
  difficulty: Generated<number>;
  created_at: EpochMs;
}

export interface FlagsTable {
  id: Generated<number>;
  challenge_id: number;
  flag: string;
  attachment_id: number | null;
  occupied: Generated<Flag>;
}

export interface ParticipationsTable {
  id: Generated<number>;
  game_id: number;
  team_id: number;
  status: Generated<string>;
  division: string | null;
  token: string;
  writeup_hash: string | null;
  writeup_name: string | null;
  writeup_size: number | null;
  writeup_time: EpochMs | null;
  created_at: EpochMs;
}

export interface ParticipationMembersTable {
  participation_id: number;
  user_id: string;
  game_id: number;
  joined_at: EpochMs;
}

export interface GameInstancesTable {
  id: Generated<number>;
  participation_id: number;
  challenge_id: number;
  flag_id: number | null;
  flag: string | null;
  is_loaded: Generated<Flag>;
  is_solved: Generated<Flag>;
  last_container_operation: EpochMs | null;
  /** The challenge's solve count right after this team's solve (1 = first); null if unsolved. */
  solve_order: number | null;
}

export interface SubmissionsTable {
  id: Generated<number>;
  game_id: number;
  challenge_id: number;
  participation_id: number;
  user_id: string | null;
  user_name: Generated<string>;
  answer: string;
  status: Generated<string>;
  submit_time: EpochMs;
  /** The instance checking it while unchecked (migration 0009); null = nobody yet. */
  claimed_by: string | null;
  /** When that claim lapses unless renewed; another instance may then take it over. */
  claim_expires_at: EpochMs | null;
}

export interface CheatInfosTable {
  id: Generated<number>;
  game_id: number;
  submission_id: number;
  submit_participation_id: number;
  source_participation_id: number;
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

export interface PostsTable {
  id: string;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  is_pinned: Generated<Flag>;
  /** JSON string[]. */
  tags: Generated<string>;
  author_id: string | null;
  update_time: EpochMs;
}

export interface CompetitionTables {
  games: GamesTable;
  attachments: AttachmentsTable;
  challenges: ChallengesTable;
  flags: FlagsTable;
  participations: ParticipationsTable;
  participation_members: ParticipationMembersTable;
  game_instances: GameInstancesTable;
  submissions: SubmissionsTable;
  cheat_infos: CheatInfosTable;
  game_notices: GameNoticesTable;
  game_events: GameEventsTable;
  posts: PostsTable;
}

export type GameRow = Selectable<GamesTable>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type FlagRow = Selectable<FlagsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type ParticipationRow = Selectable<ParticipationsTable>;
export type GameInstanceRow = Selectable<GameInstancesTable>;
export type SubmissionRow = Selectable<SubmissionsTable>;
export type GameNoticeRow = Selectable<GameNoticesTable>;
export type GameEventRow = Selectable<GameEventsTable>;
export type PostRow = Selectable<PostsTable>;
