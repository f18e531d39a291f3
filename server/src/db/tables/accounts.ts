// Tables of accounts: users and their sessions.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag, Immutable } from './columns.js';

export const ROLES = ['Banned', 'User', 'Monitor', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

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

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
