import { createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateGameKeyPair,
  isPublicKey,
  parseTeamToken,
  sign,
  verify,
} from '#server/domain/teamToken.js';

// Behaviour §4.3 test vector: seed 00 01 … 1f.
const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('base64');
const publicKey = 'A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=';
// Signature of the Vexil message `VEXIL_TEAM_7` under that seed (RFC 8032 is deterministic).
const token7 =
  '7:6izoJUuisKPvuBaXHuk5BSZhT4dvjwPhTdRPgY01jYkxsU+NM9Yb/Xk8lLP0gR75P/mbx8Tt40Vd0fRUvi41Bw==';

describe('team tokens', () => {
  it('signs the Vexil team message deterministically', () => {
    expect(sign(seed, 7)).toBe(token7);
    expect(sign(seed, 7)).toBe(sign(seed, 7));
    expect(token7.split(':')[1]).toHaveLength(88);
  });

  it('derives the reference public key from the seed', () => {
    const der = Buffer.concat([
      Buffer.from('302e020100300506032b657004220420', 'hex'),
      Buffer.from(seed, 'base64'),
    ]);
    const spki = createPublicKey(
      createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
    ).export({
      format: 'der',
      type: 'spki',
    });
    expect(spki.subarray(12).toString('base64')).toBe(publicKey);
  });

  it('verifies a valid token and rejects tampering', () => {
    expect(verify(publicKey, token7)).toBe(true);
    expect(verify(publicKey, token7.replace(/^7:/, '8:'))).toBe(false);
    const other = generateGameKeyPair();
    expect(verify(other.publicKey, token7)).toBe(false);
    const flipped = token7.slice(0, 10) + (token7[10] === 'A' ? 'B' : 'A') + token7.slice(11);
    expect(verify(publicKey, flipped)).toBe(false);
  });

  it('never throws on malformed input', () => {
    for (const bad of [
      '',
      'abc',
      ':x',
      '-1:abc',
      'x:abc',
      '7:',
      '7:not base64!!',
      `7:${'A'.repeat(10)}`,
    ]) {
      expect(verify(publicKey, bad)).toBe(false);
    }
    expect(verify('short', token7)).toBe(false);
    expect(verify('', token7)).toBe(false);
    expect(() => sign('short', 1)).toThrow();
  });

  it('round-trips generated key pairs', () => {
    const pair = generateGameKeyPair();
    expect(Buffer.from(pair.publicKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(pair.privateKey, 'base64')).toHaveLength(32);
    expect(pair.publicKey).not.toBe(generateGameKeyPair().publicKey);
    for (const id of [0, 1, 42, 123456789])
      expect(verify(pair.publicKey, sign(pair.privateKey, id))).toBe(true);
  });

  it('parses the integer prefix and checks public keys', () => {
    expect(parseTeamToken('12:abc')).toEqual({ teamId: 12, signature: 'abc' });
    expect(parseTeamToken('1a:abc')).toBeNull();
    expect(parseTeamToken('abc')).toBeNull();
    expect(isPublicKey(publicKey)).toBe(true);
    expect(isPublicKey('AAAA')).toBe(false);
    expect(isPublicKey('not base64')).toBe(false);
  });
});
