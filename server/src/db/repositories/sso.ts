// Single sign-on (issue 26): providers set in the console, identities linked to accounts, and the
// sign-ins under way between `start` and `callback`.
import type { Kysely, Transaction } from 'kysely';
import { locksRows } from '../dialects/index.js';
import type { SsoProvider } from '../../domain/sso/providers.js';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';
import type { SsoIdentityRow, SsoProviderRow } from '../tables/sso.js';

function toProvider(row: SsoProviderRow): SsoProvider {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind === 'OAuth2' ? 'OAuth2' : 'OpenIdConnect',
    issuer: row.issuer,
    authorizationEndpoint: row.authorization_endpoint,
    tokenEndpoint: row.token_endpoint,
    userInfoEndpoint: row.user_info_endpoint,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    scopes: row.scopes,
    mapping: JSON.parse(row.mapping) as SsoProvider['mapping'],
    enabled: fromFlag(row.enabled),
    fromEnvironment: false,
    version: String(row.updated_at),
  };
}

type StoredProvider = Omit<SsoProvider, 'version' | 'fromEnvironment'>;

function toRow(p: StoredProvider, now: number) {
  return {
    name: p.name,
    kind: p.kind,
    issuer: p.issuer,
    authorization_endpoint: p.authorizationEndpoint,
    token_endpoint: p.tokenEndpoint,
    user_info_endpoint: p.userInfoEndpoint,
    client_id: p.clientId,
    client_secret: p.clientSecret,
    scopes: p.scopes,
    mapping: JSON.stringify(p.mapping),
    enabled: toFlag(p.enabled),
    updated_at: now,
  };
}

export async function listStoredProviders(db: Kysely<DB>): Promise<SsoProvider[]> {
  const rows = await db.selectFrom('sso_providers').selectAll().orderBy('id').execute();
  return rows.map(toProvider);
}

export async function findStoredProvider(db: Kysely<DB>, id: string): Promise<SsoProvider | null> {
  const row = await db
    .selectFrom('sso_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toProvider(row) : null;
}

/** Inserts a provider; a taken id rejects with a unique violation. */
export async function insertProvider(db: Kysely<DB>, p: StoredProvider): Promise<SsoProvider> {
  const row = await db
    .insertInto('sso_providers')
    .values({ id: p.id, ...toRow(p, Date.now()) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProvider(row);
}

export async function updateProvider(
  db: Kysely<DB>,
  p: StoredProvider,
): Promise<SsoProvider | null> {
  const row = await db
    .updateTable('sso_providers')
    .set(toRow(p, Date.now()))
    .where('id', '=', p.id)
    .returningAll()
    .executeTakeFirst();
  return row ? toProvider(row) : null;
}

export async function deleteProvider(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sso_providers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// Identities.

export interface SsoIdentity {
  provider: string;
  subject: string;
  userId: string;
  email: string | null;
  linkedAt: number;
  lastUsedAt: number | null;
}

function toIdentity(row: SsoIdentityRow): SsoIdentity {
  return {
    provider: row.provider,
    subject: row.subject,
    userId: row.user_id,
    email: row.email,
    linkedAt: row.linked_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function findIdentity(
  db: Kysely<DB>,
  provider: string,
  subject: string,
): Promise<SsoIdentity | null> {
  const row = await db
    .selectFrom('sso_identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? toIdentity(row) : null;
}

export async function identitiesOfUser(db: Kysely<DB>, userId: string): Promise<SsoIdentity[]> {
  const rows = await db
    .selectFrom('sso_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('provider')
    .execute();
  return rows.map(toIdentity);
}

/** Links an identity; a subject linked already, or a second identity of the same provider for the
 *  account, rejects with a unique violation. */
export async function insertIdentity(
  db: Kysely<DB>,
  identity: Omit<SsoIdentity, 'lastUsedAt'>,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({
      provider: identity.provider,
      subject: identity.subject,
      user_id: identity.userId,
      email: identity.email,
      linked_at: identity.linkedAt,
      last_used_at: now,
    })
    .execute();
}

export async function touchIdentity(
  db: Kysely<DB>,
  provider: string,
  subject: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('sso_identities')
    .set({ last_used_at: now })
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .execute();
}

/** Takes the account's row for the rest of the transaction (PostgreSQL; SQLite has one writer),
 *  so that two unlinks at once count the account's ways to sign in one after the other. */
export async function lockUserForSignInChange(trx: Transaction<DB>, userId: string): Promise<void> {
  if (!locksRows(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function deleteIdentity(
  db: Kysely<DB>,
  userId: string,
  provider: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sso_identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** For the console's users list (issue 26, item 5): the providers linked to each of the users. */
export async function ssoProvidersOfUsers(
  db: Kysely<DB>,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('sso_identities')
    .select(['user_id', 'provider'])
    .where('user_id', 'in', userIds)
    .orderBy('provider')
    .execute();
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row.provider]);
  return out;
}

// Sign-ins under way.

export interface SsoFlow {
  state: string;
  provider: string;
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  linkUserId: string | null;
  returnTo: string;
  expiresAt: number;
}

/** Stores a sign-in under way and drops those that expired. */
export async function insertFlow(db: Kysely<DB>, flow: SsoFlow, now = Date.now()): Promise<void> {
  await db.deleteFrom('sso_flows').where('expires_at', '<', now).execute();
  await db
    .insertInto('sso_flows')
    .values({
      state: flow.state,
      provider: flow.provider,
      browser_hash: flow.browserHash,
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      link_user_id: flow.linkUserId,
      return_to: flow.returnTo,
      expires_at: flow.expiresAt,
    })
    .execute();
}

/**
 * Takes the sign-in of this state: deletes its row and answers it, or null when there is none
 * (never made, expired, or taken already: two callbacks racing with one state get it once).
 */
export async function takeFlow(
  db: Kysely<DB>,
  state: string,
  now = Date.now(),
): Promise<SsoFlow | null> {
  const row = await db
    .deleteFrom('sso_flows')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  if (!row || row.expires_at < now) return null;
  return {
    state: row.state,
    provider: row.provider,
    browserHash: row.browser_hash,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    linkUserId: row.link_user_id,
    returnTo: row.return_to,
    expiresAt: row.expires_at,
  };
}
