// Tables of challenges: the challenge, its flags and its attachments. JSON columns are text here;
// the repositories parse and serialise them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

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
  /** Most wrong submissions per team; 0 = no limit (issue 25). */
  max_attempts: Generated<number>;
  /** Seconds between a team's wrong submission and its next; 0 = none. */
  attempt_wait: Generated<number>;
  created_at: EpochMs;
}

export interface FlagsTable {
  id: Generated<number>;
  challenge_id: number;
  flag: string;
  attachment_id: number | null;
  occupied: Generated<Flag>;
  /** `Exact`, `CaseInsensitive` or `Regex` (migration 0016). */
  match_mode: Generated<string>;
}

export interface AttachmentsTable {
  id: Generated<number>;
  type: 'Local' | 'Remote';
  file_hash: string | null;
  remote_url: string | null;
}

export interface ChallengeTables {
  challenges: ChallengesTable;
  flags: FlagsTable;
  attachments: AttachmentsTable;
}

export type ChallengeRow = Selectable<ChallengesTable>;
export type FlagRow = Selectable<FlagsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
