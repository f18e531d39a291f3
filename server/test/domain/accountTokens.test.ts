import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TOKEN_TTL_MS,
  deriveKey,
  readAccountToken,
  signAccountToken,
  verifyAccountToken,
} from '#server/domain/accountTokens.js';

const key = deriveKey('a test secret of some length', 'account-tokens');
const subject = { userId: 'u-1', email: 'Ada@Example.com', securityStamp: 'STAMP1' };
const now = 1_700_000_000_000;

describe('account tokens', () => {
  const token = signAccountToken(key, 'reset', subject, now);

  it('verify for the same purpose, user, address (any case) and stamp within 3 hours', () => {
    expect(verifyAccountToken(key, token, 'reset', subject, now)).toBe(true);
    const lower = { ...subject, email: 'ada@example.com' };
    expect(verifyAccountToken(key, token, 'reset', lower, now + ACCOUNT_TOKEN_TTL_MS - 1)).toBe(
      true,
    );
    expect(readAccountToken(token, 'reset', now)).toEqual({
      purpose: 'reset',
      userId: 'u-1',
      email: 'Ada@Example.com',
      expiresAt: now + ACCOUNT_TOKEN_TTL_MS,
    });
  });

  it('fail once expired, or for another purpose, user, address, stamp or key', () => {
    const cases = [
      verifyAccountToken(key, token, 'reset', subject, now + ACCOUNT_TOKEN_TTL_MS),
      verifyAccountToken(key, token, 'verify', subject, now),
      verifyAccountToken(key, token, 'changeEmail', subject, now),
      verifyAccountToken(key, token, 'reset', { ...subject, userId: 'u-2' }, now),
      verifyAccountToken(key, token, 'reset', { ...subject, email: 'eve@example.com' }, now),
      verifyAccountToken(key, token, 'reset', { ...subject, securityStamp: 'STAMP2' }, now),
      verifyAccountToken(
        deriveKey('another secret', 'account-tokens'),
        token,
        'reset',
        subject,
        now,
      ),
      verifyAccountToken(
        deriveKey('a test secret of some length', 'other'),
        token,
        'reset',
        subject,
        now,
      ),
    ];
    expect(cases).toEqual(cases.map(() => false));
  });

  it('do not carry the security stamp', () => {
    expect(Buffer.from(token.split('.')[1], 'base64url').toString()).not.toContain('STAMP1');
  });

  it('refuse tampered or malformed tokens', () => {
    const [v, payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...claims, x: claims.x + 1e9 })).toString(
      'base64url',
    );
    for (const bad of [
      `${v}.${longer}.${mac}`,
      `${v}.${payload}.${mac.slice(0, -2)}`,
      `${v}.${payload}`,
      `v2.${payload}.${mac}`,
      'v1.!!!.!!!',
      `v1.${Buffer.from('"text"').toString('base64url')}.${mac}`,
      `v1.${Buffer.from('null').toString('base64url')}.${mac}`,
      '',
    ]) {
      expect(verifyAccountToken(key, bad, 'reset', subject, now), bad).toBe(false);
    }
  });
});
