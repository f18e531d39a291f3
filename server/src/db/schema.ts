// The Kysely type of every table. Column names are snake_case as in SQL; repositories map rows to
// camelCase domain objects. Timestamps are epoch milliseconds (bigint on PostgreSQL, integer on
// SQLite, a JS number either way); booleans are stored as 0/1 in both dialects.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CompetitionTables } from './competitionSchema.js';
import type { ContainersTable } from './containerSchema.js';

/** Epoch milliseconds. */
export type EpochMs = number;

/** A boolean stored as an integer (0 = false, 1 = true). */
export type Flag = 0 | 1;

/** Set on insert, never updated. */
type Immutable<T> = ColumnType<T, T, never>;

export const ROLES = ['Banned', 'User', 'Monitor', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

export const LOG_LEVELS = ['Information', 'Warning', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface UsersTable {
  /** Lower-case GUID v7. */
  id: Immutable<string>;
  user_name: string;
  /** Lower-cased `user_name`, unique. */
  normalized_user_name: string;
  email: string;
  /** Lower-cased `email`, unique. */
  normalized_email: string;
  password_hash: string | null;
  role: Generated<Role>;
  email_confirmed: Generated<Flag>;
  bio: Generated<string>;
  phone: string | null;
  real_name: Generated<string>;
  std_number: Generated<string>;
  avatar_hash: string | null;
  register_time: Generated<EpochMs>;
  last_visited: Generated<EpochMs>;
  last_ip: Generated<string>;
  /** Changes whenever credentials change; sessions made under another stamp are void. */
  security_stamp: string;
}

export interface SessionsTable {
  /** SHA-256 hex of the session token; the token itself is never stored. */
  id: Immutable<string>;
  user_id: Immutable<string>;
  created_at: Immutable<EpochMs>;
  expires_at: EpochMs;
  last_seen_at: EpochMs;
  ip: string;
  user_agent: string | null;
  /** The user's security stamp when the session was created. */
  security_stamp: Immutable<string>;
}

export interface LogsTable {
  id: Generated<number>;
  time: EpochMs;
  level: LogLevel;
  logger: string;
  user_name: string | null;
  ip: string | null;
  message: string;
  status: string | null;
  exception: string | null;
}

export interface SettingsTable {
  /** e.g. `GlobalConfig.Title`. */
  key: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: EpochMs;
}

export interface FilesTable {
  id: Generated<number>;
  hash: string;
  name: string;
  size: number;
  uploaded_at: EpochMs;
  reference_count: Generated<number>;
  /** The type recorded at upload; null for files stored before types were recorded. */
  content_type: string | null;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  bio: Generated<string>;
  avatar_hash: string | null;
  locked: Generated<Flag>;
  /** The secret part of the team's invitation code. */
  invite_token: string;
  captain_id: string;
  created_at: Immutable<EpochMs>;
}

export interface TeamMembersTable {
  team_id: Immutable<number>;
  user_id: Immutable<string>;
  joined_at: Immutable<EpochMs>;
}

export interface DB extends CompetitionTables {
  files: FilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  logs: LogsTable;
  settings: SettingsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  containers: ContainersTable;
}

export type FileRow = Selectable<FilesTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LogRow = Selectable<LogsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;

export const toFlag = (value: boolean): Flag => (value ? 1 : 0);
export const fromFlag = (value: number): boolean => value !== 0;
