import { describe, expect, it } from 'vitest';
import {
  containerEntry,
  guardRetryAfter,
  isContainerChallenge,
  latestExtensibleStop,
  recordsTraffic,
  teamLimitDecision,
  toContainerInfo,
} from '#server/domain/containers.js';

const base = {
  id: '0b0e7a52-4c1f-4d4e-9f43-6a0cbb0e7a52',
  ip: '172.17.0.5',
  port: 8080,
  publicIp: null,
  publicPort: null,
  isProxy: false,
};

describe('container rules', () => {
  it('knows which challenge types run containers', () => {
    expect(isContainerChallenge('StaticContainer')).toBe(true);
    expect(isContainerChallenge('DynamicContainer')).toBe(true);
    expect(isContainerChallenge('StaticAttachment')).toBe(false);
    expect(isContainerChallenge('DynamicAttachment')).toBe(false);
  });

  it('shows the GUID behind the proxy, else the public or internal host:port', () => {
    expect(containerEntry({ ...base, isProxy: true })).toBe(base.id);
    expect(containerEntry(base)).toBe('172.17.0.5:8080');
    expect(containerEntry({ ...base, publicIp: 'ctf.example.org', publicPort: 40001 })).toBe(
      'ctf.example.org:40001',
    );
    expect(toContainerInfo({ ...base, startedAt: 1, expectStopAt: 2 })).toEqual({
      status: 'Running',
      startedAt: 1,
      expectStopAt: 2,
      entry: '172.17.0.5:8080',
    });
  });

  it('waits out the 10-second guard, telling at least one second', () => {
    expect(guardRetryAfter(100_000, 100_000)).toBe(10);
    expect(guardRetryAfter(100_000, 109_500)).toBe(1);
    expect(guardRetryAfter(null, Date.now())).toBe(1);
  });

  it('applies the team limit (0 = none) and the destroy-oldest policy', () => {
    expect(teamLimitDecision(5, 0, false)).toBe('create');
    expect(teamLimitDecision(2, 3, false)).toBe('create');
    expect(teamLimitDecision(3, 3, false)).toBe('refuse');
    expect(teamLimitDecision(3, 3, true)).toBe('destroyOldest');
  });

  it('opens the renewal window its length before the planned stop', () => {
    expect(latestExtensibleStop(1_000, 10)).toBe(1_000 + 600_000);
  });

  it('records traffic only for proxied containers with capture on both levels', () => {
    expect(recordsTraffic(true, true, true)).toBe(true);
    expect(recordsTraffic(true, true, false)).toBe(false);
    expect(recordsTraffic(false, true, true)).toBe(false);
    expect(recordsTraffic(true, false, true)).toBe(false);
  });
});
