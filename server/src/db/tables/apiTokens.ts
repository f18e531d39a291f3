// Personal API tokens (migration 0023, issue 26).
import type { Selectable } from 'kysely';
import type { Role } from './accounts.js';
import type { EpochMs, Immutable } from './columns.js';

export const API_TOKEN_SCOPES = ['Read', 'Play', 'Admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The roles under which a token of each scope is valid: a token never raises its user's role,
 *  and a ban or a role below its scope ends it. */
export const ROLES_FOR_SCOPE: Record<ApiTokenScope, readonly Role[]> = {
  Read: ['User', 'Monitor', 'Admin'],
  Play: ['User', 'Monitor', 'Admin'],
  Admin: ['Admin'],
};

/** Whether a user of `role` may hold (and use) a token of `scope`: never when banned. */
export const scopeFitsRole = (scope: ApiTokenScope, role: Role): boolean =>
  ROLES_FOR_SCOPE[scope].includes(role);

export interface ApiTokensTable {
  /** Lower-case GUID v7: what lists show and revocation names. */
  id: Immutable<string>;
  user_id: Immutable<string>;
  name: Immutable<string>;
  scope: Immutable<ApiTokenScope>;
  /** SHA-256 hex of the secret; the secret itself is never stored. */
  token_hash: Immutable<string>;
  /** The user's security stamp when the token was made; under another stamp it is void. */
  security_stamp: Immutable<string>;
  created_at: Immutable<EpochMs>;
  expires_at: Immutable<EpochMs | null>;
  last_used_at: EpochMs | null;
  last_used_ip: string | null;
}

export interface ApiTokenTables {
  api_tokens: ApiTokensTable;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;
