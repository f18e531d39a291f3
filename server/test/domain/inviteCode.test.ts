import { describe, expect, it } from 'vitest';
import {
  formatInviteCode,
  inviteTokenMatches,
  isInviteToken,
  parseInviteCode,
} from '#server/domain/inviteCode.js';
import { newInviteToken } from '#server/db/repositories/teams.js';

const token = '0123456789abcdef0123456789abcdef';

describe('team invite codes', () => {
  it('formats name, id and token', () => {
    expect(formatInviteCode('Alpha', 12, token)).toBe(`Alpha:12:${token}`);
  });

  it('round-trips, also for names with colons and spaces', () => {
    for (const name of ['Alpha', 'a:b:c', '12:34', '', ' spaced name ', '队伍']) {
      expect(parseInviteCode(formatInviteCode(name, 7, token))).toEqual({
        teamName: name,
        teamId: 7,
        token,
      });
    }
  });

  it('refuses malformed codes', () => {
    const bad = [
      '',
      token,
      `12:${token}`.slice(1),
      `Alpha:12:${token.toUpperCase()}`,
      `Alpha:12:${token.slice(1)}`,
      `Alpha:12:${token}0`,
      `Alpha:x1:${token}`,
      `Alpha:-1:${token}`,
      `Alpha::${token}`,
      `Alpha:1.5:${token}`,
      `Alpha:2147483648:${token}`,
      `Alpha:99999999999999999999:${token}`,
    ];
    for (const code of bad) expect(parseInviteCode(code), code).toBeNull();
  });

  it('accepts the largest int32 id and leading zeros', () => {
    expect(parseInviteCode(`A:2147483647:${token}`)?.teamId).toBe(2147483647);
    expect(parseInviteCode(`A:007:${token}`)?.teamId).toBe(7);
  });

  it('compares tokens exactly', () => {
    expect(inviteTokenMatches(token, token)).toBe(true);
    expect(inviteTokenMatches(token, token.replace('0', '1'))).toBe(false);
    expect(inviteTokenMatches(token, token.slice(1))).toBe(false);
  });

  it('generates fresh 32-hex tokens', () => {
    const a = newInviteToken();
    expect(isInviteToken(a)).toBe(true);
    expect(a).not.toBe(newInviteToken());
    expect(isInviteToken('ABCDEF0123456789ABCDEF0123456789')).toBe(false);
  });
});
