/**
 * Stateless account tokens for the mail flows (confirm a new account, reset a password, confirm a
 * new address). A token is `v1.<payload>.<mac>`: the payload (Base64url JSON) names the purpose,
 * the user, the email it was sent to and the expiry; the MAC is HMAC-SHA256 over the payload and
 * the user's security stamp. The stamp itself is not in the token, so the token is void as soon
 * as the stamp rotates (password reset, email change): a reset token works once. Pure: no I/O.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'verify' | 'reset' | 'changeEmail';

/** Every account token lives three hours. */
export const ACCOUNT_TOKEN_TTL_MS = 3 * 60 * 60 * 1000;

export interface TokenSubject {
  userId: string;
  /** The address the token was mailed to (the new one for an email change). */
  email: string;
  securityStamp: string;
}

export interface TokenClaims {
  purpose: TokenPurpose;
  userId: string;
  email: string;
  expiresAt: number;
}

const VERSION = 'v1';
const PURPOSES: readonly TokenPurpose[] = ['verify', 'reset', 'changeEmail'];

/** A key for one use, derived from the server secret, so the secret itself signs nothing. */
export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`vexil/${label}`).digest();
}

const mac = (key: Buffer, payload: string, stamp: string) =>
  createHmac('sha256', key).update(`${VERSION}.${payload}\n${stamp}`).digest();

export function signAccountToken(
  key: Buffer,
  purpose: TokenPurpose,
  subject: TokenSubject,
  now: number,
): string {
  const claims = { p: purpose, u: subject.userId, e: subject.email, x: now + ACCOUNT_TOKEN_TTL_MS };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${VERSION}.${payload}.${mac(key, payload, subject.securityStamp).toString('base64url')}`;
}

/** The claims of a well-formed, unexpired token of `purpose`, without checking its MAC (that
 *  needs the user's stamp: look the user up by `userId`, then call `verifyAccountToken`). */
export function readAccountToken(
  token: string,
  purpose: TokenPurpose,
  now: number,
): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { p, u, e, x } = (raw ?? {}) as Record<string, unknown>;
  if (!PURPOSES.includes(p as TokenPurpose) || p !== purpose) return null;
  if (typeof u !== 'string' || typeof e !== 'string' || typeof x !== 'number') return null;
  if (x <= now) return null;
  return { purpose, userId: u, email: e, expiresAt: x };
}

/** True when `token` is an unexpired `purpose` token for exactly this user, address and stamp.
 *  Addresses compare case-insensitively. */
export function verifyAccountToken(
  key: Buffer,
  token: string,
  purpose: TokenPurpose,
  subject: TokenSubject,
  now: number,
): boolean {
  const claims = readAccountToken(token, purpose, now);
  if (!claims || claims.userId !== subject.userId) return false;
  if (claims.email.toLowerCase() !== subject.email.toLowerCase()) return false;
  const given = Buffer.from(token.split('.')[2], 'base64url');
  const expected = mac(key, token.split('.')[1], subject.securityStamp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
