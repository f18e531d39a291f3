// Identifiers: GUID v7 (RFC 9562: 48-bit Unix ms timestamp, version 7, 12-bit sequence, variant,
// 62 random bits), lower-case and hyphenated. Within one process ids are strictly increasing:
// the 12-bit field counts up inside a millisecond and borrows the next millisecond on overflow.
import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

export function newGuidV7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  if (now > lastMs) {
    lastMs = now;
    sequence = bytes.readUInt16BE(6) & 0x7ff; // random start, leaves room to count up
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh random security stamp (upper-case hex, 32 characters). */
export function newSecurityStamp(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}
