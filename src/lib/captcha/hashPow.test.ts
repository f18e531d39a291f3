import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashPowAnswer,
  hexToBytes,
  leadingZeroBits,
  sha256,
  solveRange,
  verifyNonce,
} from './hashPow';
import { solveHashPow } from './solveHashPow';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256', () => {
  it('matches node:crypto for messages of many lengths', () => {
    for (const length of [0, 1, 16, 55, 56, 63, 64, 65, 200]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});

describe('leadingZeroBits', () => {
  it('counts from the most significant bit of byte 0', () => {
    expect(leadingZeroBits(Uint8Array.of(0x80))).toBe(0);
    expect(leadingZeroBits(Uint8Array.of(0x00, 0x01))).toBe(15);
    expect(leadingZeroBits(Uint8Array.of(0x00, 0x00, 0x1a))).toBe(19);
    expect(leadingZeroBits(Uint8Array.of(0, 0))).toBe(16);
  });
});

describe('Hash-PoW solver', () => {
  // The contract's test vector: C = 0011223344556677, A = a1b2c3d400002794 → 19 zero bits.
  const challenge = '0011223344556677';

  it('agrees with the contract test vector', () => {
    const digest = sha256(hexToBytes(challenge + 'a1b2c3d400002794'));
    expect(hex(digest)).toBe('00001a9f7fee582db2dd4da3cf825794ba32978f7c79bde9a2b4803dd758ed5c');
    expect(leadingZeroBits(digest)).toBe(19);
    expect(verifyNonce(challenge, 19, 'a1b2c3d400002794')).toBe(true);
    expect(verifyNonce(challenge, 20, 'a1b2c3d400002794')).toBe(false);
  });

  it('finds a nonce at low difficulty, checked by node:crypto', () => {
    const nonce = solveRange(challenge, 12, { prefix: 0xa1b2c3d4, start: 0, count: 1 << 20 });
    expect(nonce).toMatch(/^a1b2c3d4[0-9a-f]{8}$/);
    const digest = createHash('sha256')
      .update(Buffer.from(challenge + nonce, 'hex'))
      .digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(12);
  });

  it('finds the first good counter of a range (the test vector at 19 bits)', () => {
    const nonce = solveRange(challenge, 19, { prefix: 0xa1b2c3d4, start: 0x2700, count: 0x100 });
    expect(nonce).toBe('a1b2c3d400002794');
  });

  it('returns null when the range holds no answer', () => {
    expect(solveRange(challenge, 40, { prefix: 1, start: 0, count: 100 })).toBeNull();
  });

  it('rejects a challenge that is not 8 hex bytes', () => {
    expect(() => solveRange('abc', 8, { prefix: 0, start: 0, count: 1 })).toThrow();
    expect(() => solveRange('00112233', 8, { prefix: 0, start: 0, count: 1 })).toThrow();
  });

  it('solves on the main thread where workers are unavailable', async () => {
    const nonce = await solveHashPow({ challenge, difficulty: 10 });
    expect(verifyNonce(challenge, 10, nonce)).toBe(true);
    expect(hashPowAnswer('0123456789ab', nonce)).toMatch(/^0123456789ab:[0-9a-f]{16}$/);
  });

  it('stops when abandoned', async () => {
    const controller = new AbortController();
    const solving = solveHashPow({ challenge, difficulty: 48 }, controller.signal);
    controller.abort();
    await expect(solving).rejects.toThrow('abandoned');
  });
});
