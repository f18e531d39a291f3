// Tables of single sign-on (issue 26, migration 0024): providers set in the console, identities
// linked to accounts, and sign-ins under way.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag, Immutable } from './columns.js';

export interface SsoProvidersTable {
  id: Immutable<string>;
  name: string;
  /** `OpenIdConnect` or `OAuth2`. */
  kind: string;
  issuer: Generated<string>;
  authorization_endpoint: Generated<string>;
  token_endpoint: Generated<string>;
  user_info_endpoint: Generated<string>;
  client_id: string;
  /** Write-only through the API: never returned. */
  client_secret: Generated<string>;
  scopes: Generated<string>;
  /** JSON of the field mapping (`SsoFieldMapping`). */
  mapping: string;
  enabled: Generated<Flag>;
  updated_at: EpochMs;
}

export interface SsoIdentitiesTable {
  id: Generated<number>;
  provider: Immutable<string>;
  subject: Immutable<string>;
  user_id: Immutable<string>;
  email: string | null;
  linked_at: Immutable<EpochMs>;
  last_used_at: EpochMs | null;
}

export interface SsoFlowsTable {
  /** The `state` sent to the provider (random, 43 characters). */
  state: Immutable<string>;
  provider: Immutable<string>;
  /** SHA-256 hex of the browser's `vexil_sso` cookie. */
  browser_hash: Immutable<string>;
  nonce: Immutable<string>;
  code_verifier: Immutable<string>;
  /** Link mode: the account the identity is linked to; null for a sign-in. */
  link_user_id: Immutable<string | null>;
  /** The local path to return to. */
  return_to: Immutable<string>;
  expires_at: Immutable<EpochMs>;
}

export interface SsoTables {
  sso_providers: SsoProvidersTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
}

export type SsoProviderRow = Selectable<SsoProvidersTable>;
export type SsoIdentityRow = Selectable<SsoIdentitiesTable>;
export type SsoFlowRow = Selectable<SsoFlowsTable>;
