import { describe, expect, it } from 'vitest';
import { INVITE_PARAM, inviteLink, parseInviteCode } from './inviteCode';

const token = '0123456789abcdef0123456789abcdef';

describe('parseInviteCode', () => {
  it('reads the team from the end of the code, so names may contain colons', () => {
    expect(parseInviteCode(`Alpha:12:${token}`)).toEqual({ teamName: 'Alpha', teamId: 12 });
    expect(parseInviteCode(`  a:b:7:${token}\n`)).toEqual({ teamName: 'a:b', teamId: 7 });
  });

  it('refuses text that is not a code', () => {
    expect(parseInviteCode('Alpha')).toBeNull();
    expect(parseInviteCode(`Alpha:x:${token}`)).toBeNull();
    expect(parseInviteCode(`Alpha:12:${token.toUpperCase()}`)).toBeNull();
    expect(parseInviteCode(`Alpha:12:${token.slice(1)}`)).toBeNull();
  });
});

describe('inviteLink', () => {
  it('carries the code to the teams page, encoded', () => {
    const link = inviteLink(`Red Team:3:${token}`, 'https://ctf.example');
    expect(link).toBe(`https://ctf.example/teams?invite=Red%20Team%3A3%3A${token}`);
    expect(new URL(link).searchParams.get(INVITE_PARAM)).toBe(`Red Team:3:${token}`);
  });
});
