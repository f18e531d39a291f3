// Settings of the sign-in limits and of the hosts mailed links may use (README).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';

describe('sign-in limit and mail link settings', () => {
  it('defaults to 5 failures per address, 20 per account, lock-outs of 60 s up to an hour', () => {
    const config = loadConfig({});
    expect(config.loginLimit).toEqual({
      enabled: true,
      perAddress: { max: 5, windowSeconds: 300 },
      lockoutSeconds: 60,
      lockoutMaxSeconds: 3600,
      perAccount: { max: 20, windowSeconds: 3600 },
    });
    expect(config.allowedHosts).toEqual([]);
  });

  it('reads the settings and refuses ones that would lock everyone out or make no sense', () => {
    const config = loadConfig({
      VEXIL_LOGIN_LIMIT: 'off',
      VEXIL_LOGIN_LIMIT_ADDRESS: '3/60',
      VEXIL_ALLOWED_HOSTS: ' CTF.example.org , play.example.org:8443,[::1]',
    });
    expect(config.loginLimit).toMatchObject({
      enabled: false,
      perAddress: { max: 3, windowSeconds: 60 },
    });
    expect(config.allowedHosts).toEqual(['ctf.example.org', 'play.example.org:8443', '[::1]']);
    for (const env of [
      { VEXIL_LOGIN_LIMIT_ADDRESS: '0/60' },
      { VEXIL_LOGIN_LIMIT_ACCOUNT: '20' },
      { VEXIL_LOGIN_LOCKOUT: '0' },
      { VEXIL_LOGIN_LOCKOUT: '600', VEXIL_LOGIN_LOCKOUT_MAX: '60' },
      { VEXIL_ALLOWED_HOSTS: 'https://ctf.example.org' },
      { VEXIL_ALLOWED_HOSTS: 'ctf.example.org/path' },
    ])
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/VEXIL_/);
  });
});
