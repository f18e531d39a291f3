/**
 * Personal API tokens (issue 26): what a token looks like and what its scope allows. Pure rules;
 * the lookup is services/apiTokens/, the checks on each request plugins/auth.ts and
 * plugins/tokenScopes.ts.
 *
 * A token is `vexil_pat_` + 32 random bytes in base64url: the prefix lets secret scanners and
 * people recognise a leaked one, and 256 random bits make a plain SHA-256 the right stored form
 * (nothing to guess, so no slow hash is needed) and a lookup by that hash the right check.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenScope } from '../db/tables/apiTokens.js';

export const API_TOKEN_PREFIX = 'vexil_pat_';
/** The prefix and 43 base64url characters. */
export const API_TOKEN_PATTERN = /^vexil_pat_[A-Za-z0-9_-]{43}$/;
/** The furthest an expiry may be: a year and a day ahead. */
export const MAX_TOKEN_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

export const newApiToken = (): string => API_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export const hashApiToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** `x-vexil-token-scope`: the least scope an operation needs, or `None` (no token may call it). */
export type TokenScopeMark = ApiTokenScope | 'None';

const scopeRank: Record<ApiTokenScope, number> = { Read: 0, Play: 1, Admin: 2 };

/** Where the account's own security lives: sign-in steps, passwords, tokens, second steps,
 *  passkeys, single sign-on links. Closed to tokens unless an operation is marked otherwise, so
 *  that an operation added there later is closed before anyone thinks of it. */
const ACCOUNT_PATHS = '/api/account/';

/** What an operation asks of a token: its mark, else nothing under `/api/account/`, else `Read`
 *  to read and `Admin` to change. */
export function requiredTokenScope(op: {
  method: string;
  path: string;
  tokenScope?: TokenScopeMark;
}): TokenScopeMark {
  if (op.tokenScope) return op.tokenScope;
  if (op.path.startsWith(ACCOUNT_PATHS)) return 'None';
  return op.method === 'GET' || op.method === 'HEAD' ? 'Read' : 'Admin';
}

/** Whether a token of `scope` may call an operation that needs `required`. */
export const scopeAllows = (scope: ApiTokenScope, required: TokenScopeMark): boolean =>
  required !== 'None' && scopeRank[scope] >= scopeRank[required];

/** A URL that carries a token (anywhere, the query string above all): refused, never logged. */
export const urlCarriesToken = (url: string): boolean =>
  url.includes(API_TOKEN_PREFIX) || /[?&]access_token=/i.test(url);

/** The URL with any token in it replaced, for the logs. */
export const redactTokens = (url: string): string =>
  url
    .replace(/vexil_pat_[A-Za-z0-9_%-]*/g, `${API_TOKEN_PREFIX}[redacted]`)
    .replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');

/** `Authorization: Bearer <token>` → the token; undefined without a Bearer header. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

/** Why a new token cannot be made as asked, or null when it can; `scopeFits`: whether the
 *  user's role may hold the scope (`scopeFitsRole`, db/tables/apiTokens.ts). */
export function newTokenProblem(
  request: { scope: ApiTokenScope; expiresAt?: number | null },
  scopeFits: boolean,
  now: number,
): string | null {
  if (!scopeFits) return `The ${request.scope} scope is not available to your account`;
  const { expiresAt } = request;
  if (expiresAt == null) return null;
  if (expiresAt <= now) return 'The expiry must be in the future';
  if (expiresAt > now + MAX_TOKEN_LIFETIME_MS) return 'The expiry must be within a year';
  return null;
}
