import { describe, expect, it } from 'vitest';
import { hubTime, prependLive } from './liveFeed';
import { matchesEventFilter, matchesSubmissionFilter, newestCheatFirst } from './monitor';
import { buildCheatInfo, buildGameEvent, buildMonitorSubmission } from '@/test/builders';

describe('hubTime', () => {
  it('reads ISO-8601 hub times and keeps REST milliseconds', () => {
    expect(hubTime('2027-01-15T08:00:00.1234567+00:00')).toBe(Date.UTC(2027, 0, 15, 8, 0, 0, 123));
    expect(hubTime(1_800_000_000_000)).toBe(1_800_000_000_000);
  });
});

describe('prependLive', () => {
  it('puts the item on top and keeps one more than a page', () => {
    expect(prependLive([2, 1, 0], 3, 2)).toEqual([3, 2, 1]);
    expect(prependLive([1], 2, 2)).toEqual([2, 1]);
  });

  it('leaves a list that was never read, and an item already there', () => {
    expect(prependLive(undefined, 1, 2)).toBeUndefined();
    const list = [{ a: 1 }, { a: 2 }];
    expect(prependLive(list, { a: 2 }, 5)).toBe(list);
  });
});

describe('monitor filters', () => {
  it('hides container events only when asked', () => {
    const start = buildGameEvent({ type: 'ContainerStart', values: ['1', 'Pwn'] });
    const flag = buildGameEvent();
    expect(matchesEventFilter(start, { hideContainer: true })).toBe(false);
    expect(matchesEventFilter(flag, { hideContainer: true })).toBe(true);
    expect(matchesEventFilter(start, { hideContainer: false })).toBe(true);
  });

  it('keeps submissions of the chosen result, or all', () => {
    const accepted = buildMonitorSubmission({ status: 'Accepted' });
    expect(matchesSubmissionFilter(accepted, { status: null })).toBe(true);
    expect(matchesSubmissionFilter(accepted, { status: 'Accepted' })).toBe(true);
    expect(matchesSubmissionFilter(accepted, { status: 'WrongAnswer' })).toBe(false);
  });

  it('orders cheat reports newest first', () => {
    const older = buildCheatInfo({ answer: 'old' });
    const newer = buildCheatInfo({ answer: 'new' });
    expect(newestCheatFirst([older, newer]).map((r) => r.submission.answer)).toEqual([
      'new',
      'old',
    ]);
  });
});
