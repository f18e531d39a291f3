import { describe, expect, it } from 'vitest';
import { buildNotice } from '@/test/builders';
import { fromHubNotice, mergeNotice, newestFirst } from './gameNotices';

describe('game notices', () => {
  it('reads the ISO time of a pushed notice as epoch milliseconds', () => {
    const pushed = { id: 7, type: 'Normal' as const, values: ['hi'] };
    expect(fromHubNotice({ ...pushed, time: '2027-01-15T08:00:00.1234567+00:00' }).time).toBe(
      Date.UTC(2027, 0, 15, 8, 0, 0, 123),
    );
    expect(fromHubNotice({ ...pushed, time: 1_800_000_000_000 }).time).toBe(1_800_000_000_000);
  });

  it('sorts newest first, normal notices included', () => {
    const old = buildNotice({ time: 1, type: 'Normal' });
    const blood = buildNotice({ time: 3, type: 'FirstBlood' });
    const hint = buildNotice({ time: 2, type: 'NewHint' });
    expect(newestFirst([old, blood, hint])).toEqual([blood, hint, old]);
  });

  it('merges a pushed notice once, replacing one with the same id', () => {
    const first = buildNotice({ time: 1 });
    const second = buildNotice({ time: 2 });
    expect(mergeNotice([first], second)).toEqual([second, first]);
    const edited = { ...first, values: ['changed'] };
    expect(mergeNotice([second, first], edited)).toEqual([second, edited]);
    expect(mergeNotice(undefined, first)).toEqual([first]);
  });
});
