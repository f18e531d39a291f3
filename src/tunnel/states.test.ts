import { describe, expect, it } from 'vitest';
import { isSyncPoll, isVersionAtLeast, stateFromConnectStatus, versionOf } from './states';

describe('tunnel states', () => {
  it('reads the connect check: 202 Usable, 201 Pending, anything else Invalid', () => {
    expect(stateFromConnectStatus(202)).toBe('Usable');
    expect(stateFromConnectStatus(201)).toBe('Pending');
    for (const status of [200, 204, 403, 404, 500]) {
      expect(stateFromConnectStatus(status)).toBe('Invalid');
    }
  });

  it('compares versions by number, not as text', () => {
    expect(isVersionAtLeast('0.4')).toBe(true);
    expect(isVersionAtLeast('0.4.0')).toBe(true);
    expect(isVersionAtLeast('0.5.17')).toBe(true);
    expect(isVersionAtLeast('0.10.0')).toBe(true);
    expect(isVersionAtLeast('v1.0.0-beta.1')).toBe(true);
    expect(isVersionAtLeast('0.3.99')).toBe(false);
    expect(isVersionAtLeast('0')).toBe(false);
    expect(isVersionAtLeast('latest')).toBe(false);
  });

  it('finds the version in a bare string or a version field', () => {
    expect(versionOf('0.5.17')).toBe('0.5.17');
    expect(versionOf({ version: '0.4.8' })).toBe('0.4.8');
    expect(versionOf({})).toBeUndefined();
    expect(versionOf(4)).toBeUndefined();
  });

  it('re-reads the tunnels on the connect and every fifth poll', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(isSyncPoll)).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
