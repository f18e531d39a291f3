/**
 * Recovery codes: ten per enrolment, each 10 characters of Crockford-like Base32 shown as
 * `xxxxx-xxxxx` (50 random bits). Stored as SHA-256 of the normalised code: they are random and
 * long, so a slow password hash would add nothing but time; the hash keeps a database copy from
 * yielding usable codes.
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/l/I, so that a code read off paper is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/** Case, spaces and hyphens do not matter. */
export const normaliseRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/[\s-]+/g, '');

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
