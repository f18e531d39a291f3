/**
 * What a provider says about the user, read through the provider's field mapping, and the rules
 * that turn it into a Vexil account (user name) or a place to go back to. Pure: no I/O.
 */
import type { SsoFieldMapping } from './providers.js';

export interface ExternalIdentity {
  subject: string;
  userName: string | null;
  email: string | null;
  /** Only a provider's explicit `true` (or `"true"`) counts. */
  emailVerified: boolean;
  displayName: string | null;
}

/** A top-level property, or a dotted path through nested objects. */
export function readField(source: Record<string, unknown>, path: string): unknown {
  if (!path) return undefined;
  if (path in source) return source[path];
  let value: unknown = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function text(value: unknown, max: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/** The identity in the provider's claims, or null when they have no subject. */
export function identityFromClaims(
  claims: Record<string, unknown>,
  mapping: SsoFieldMapping,
): ExternalIdentity | null {
  const subject = text(readField(claims, mapping.subject), 255);
  if (!subject) return null;
  const email = text(readField(claims, mapping.email), 256);
  const verified = readField(claims, mapping.emailVerified);
  return {
    subject,
    userName: text(readField(claims, mapping.userName), 128),
    email: email && email.includes('@') ? email : null,
    emailVerified: email !== null && (verified === true || verified === 'true'),
    displayName: text(readField(claims, mapping.displayName), 128),
  };
}

const USER_NAME_MIN = 3;
const USER_NAME_MAX = 15;

/** The user name to try first: the provider's, else the e-mail's local part, cut to 3–15
 *  characters without spaces, control characters or `@` (which sign-in reads as an e-mail). */
export function baseUserName(identity: ExternalIdentity): string {
  const raw = identity.userName ?? identity.email?.split('@')[0] ?? identity.displayName ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.replace(/[\s@\u0000-\u001f\u007f]+/g, '').slice(0, USER_NAME_MAX);
  return cleaned.length >= USER_NAME_MIN ? cleaned : `${cleaned}user`.slice(0, USER_NAME_MAX);
}

/** The `attempt`-th candidate (0 = the base itself): the base cut to leave room for a suffix. */
export function userNameCandidate(base: string, attempt: number, random: number): string {
  if (attempt === 0) return base;
  const suffix = attempt < 5 ? String(attempt + 1) : String(random);
  return `${base.slice(0, USER_NAME_MAX - suffix.length)}${suffix}`;
}

/** `from` when it is a path of this site (`/…`, not `//…` nor `/\…`, no control characters), else
 *  null: never a way to send the browser to another site. */
export function localReturnPath(from: string | undefined): string | null {
  if (from === undefined || from === '') return '/';
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return null;
  try {
    const url = new URL(from, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return null;
  } catch {
    return null;
  }
  return from;
}
