/**
 * Hash proof-of-work captcha rules. A challenge is 8 random bytes C; an answer is 8 bytes A such
 * that SHA-256(C ‖ A) starts with at least `difficulty` zero bits (counted from the most
 * significant bit of the first byte). The client sends `{id}:{hex(A)}`. Pure: no I/O.
 */
import { createHash } from 'node:crypto';

export const POW_CHALLENGE_BYTES = 8;
export const POW_MIN_DIFFICULTY = 8;
export const POW_MAX_DIFFICULTY = 48;

export interface PowAnswer {
  id: string;
  /** The 8 answer bytes. */
  nonce: Buffer;
}

export const clampDifficulty = (difficulty: number): number =>
  Math.min(POW_MAX_DIFFICULTY, Math.max(POW_MIN_DIFFICULTY, Math.trunc(difficulty)));

/** Number of leading zero bits of `bytes`. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Splits `{id}:{16 hex characters}`; anything else (no value, other separators, a nonce of
 *  another length or not hexadecimal) is null, so a malformed answer simply fails. */
export function parsePowAnswer(value: string | null | undefined): PowAnswer | null {
  if (!value) return null;
  const parts = value.split(':');
  if (parts.length !== 2) return null;
  const [id, nonceHex] = parts;
  if (!id || !/^[0-9a-fA-F]{16}$/.test(nonceHex)) return null;
  return { id, nonce: Buffer.from(nonceHex, 'hex') };
}

export function powDigest(challenge: Uint8Array, nonce: Uint8Array): Buffer {
  return createHash('sha256').update(challenge).update(nonce).digest();
}

export function isPowSolution(challenge: Uint8Array, nonce: Uint8Array, difficulty: number) {
  return (
    nonce.length === POW_CHALLENGE_BYTES &&
    leadingZeroBits(powDigest(challenge, nonce)) >= difficulty
  );
}

/** Brute-force solver (tests, scripts): counts up from `start` until an answer is found. */
export function solvePow(challenge: Uint8Array, difficulty: number, start = 0n): Buffer {
  const nonce = Buffer.alloc(POW_CHALLENGE_BYTES);
  for (let n = start; ; n++) {
    nonce.writeBigUInt64BE(n & 0xffff_ffff_ffff_ffffn);
    if (isPowSolution(challenge, nonce, difficulty)) return nonce;
  }
}
