import { describe, expect, it } from 'vitest';
import {
  clampDifficulty,
  isPowSolution,
  leadingZeroBits,
  parsePowAnswer,
  powDigest,
  solvePow,
} from '#server/domain/hashPow.js';

const hex = (s: string) => Buffer.from(s, 'hex');

describe('Hash-PoW rules', () => {
  it('matches the reference test vector', () => {
    const digest = powDigest(hex('0011223344556677'), hex('a1b2c3d400002794'));
    expect(digest.toString('hex')).toBe(
      '00001a9f7fee582db2dd4da3cf825794ba32978f7c79bde9a2b4803dd758ed5c',
    );
    expect(leadingZeroBits(digest)).toBe(19);
    expect(isPowSolution(hex('0011223344556677'), hex('a1b2c3d400002794'), 19)).toBe(true);
    expect(isPowSolution(hex('0011223344556677'), hex('a1b2c3d400002794'), 20)).toBe(false);
  });

  it('counts leading zero bits from the most significant bit of byte 0', () => {
    const cases: Array<[string, number]> = [
      ['00', 8],
      ['0000', 16],
      ['80', 0],
      ['40', 1],
      ['20', 2],
      ['01', 7],
      ['00ff', 8],
      ['000001', 23],
      ['', 0],
    ];
    for (const [bytes, bits] of cases) expect(leadingZeroBits(hex(bytes)), bytes).toBe(bits);
  });

  it('parses `{id}:{16 hex}` and nothing else', () => {
    expect(parsePowAnswer('abcdef012345:00000000000000FF')).toEqual({
      id: 'abcdef012345',
      nonce: hex('00000000000000ff'),
    });
    for (const bad of [
      undefined,
      null,
      '',
      'id',
      'id:',
      ':0000000000000000',
      'id:000000000000000',
      'id:00000000000000000',
      'id:000000000000000g',
      'id:0000000000000000:x',
      'id:+000000000000000',
    ]) {
      expect(parsePowAnswer(bad), String(bad)).toBeNull();
    }
  });

  it('clamps difficulty to 8–48', () => {
    expect([clampDifficulty(1), clampDifficulty(18), clampDifficulty(64)]).toEqual([8, 18, 48]);
  });

  it('solves a challenge at low difficulty', () => {
    const challenge = hex('0011223344556677');
    const nonce = solvePow(challenge, 12);
    expect(nonce).toHaveLength(8);
    expect(leadingZeroBits(powDigest(challenge, nonce))).toBeGreaterThanOrEqual(12);
    expect(isPowSolution(challenge, nonce.subarray(0, 7), 0)).toBe(false);
  });
});
