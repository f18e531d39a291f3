import { describe, expect, it } from 'vitest';
import { hostAllowed } from '#server/domain/allowedHosts.js';

describe('hostAllowed', () => {
  const allowed = ['ctf.example.org', 'play.example.org:8443', '[::1]'];

  it('matches a host entry on any port, a host:port entry on that port only', () => {
    expect(hostAllowed('ctf.example.org', allowed)).toBe(true);
    expect(hostAllowed('CTF.Example.org:8080', allowed)).toBe(true);
    expect(hostAllowed('play.example.org:8443', allowed)).toBe(true);
    expect(hostAllowed('play.example.org', allowed)).toBe(false);
    expect(hostAllowed('play.example.org:80', allowed)).toBe(false);
    expect(hostAllowed('[::1]:8080', allowed)).toBe(true);
  });

  it('refuses other hosts, look-alikes and an empty host', () => {
    for (const host of ['evil.example', 'ctf.example.org.evil.example', 'example.org', ''])
      expect(hostAllowed(host, allowed), host).toBe(false);
    expect(hostAllowed('ctf.example.org', [])).toBe(false);
  });
});
