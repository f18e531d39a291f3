import { describe, expect, it } from 'vitest';
import {
  durationParts,
  formatDuration,
  formatDateRange,
  formatDateTime,
  formatRelative,
} from './format';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('time formatting', () => {
  it('splits a duration, never below zero', () => {
    expect(durationParts(DAY + 2 * HOUR + 3 * 60_000 + 4_999)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
    expect(durationParts(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('writes a countdown as a clock, with days in front when there are any', () => {
    expect(formatDuration(2 * HOUR + 3 * 60_000 + 4_000)).toBe('02:03:04');
    expect(formatDuration(3 * DAY + 59_000, { dayUnit: 'j' })).toBe('3j 00:00:59');
    expect(formatDuration(-1)).toBe('00:00:00');
  });

  it('writes dates and ranges in the given language', () => {
    const start = Date.UTC(2027, 0, 15, 8);
    expect(formatDateTime(start, 'en-US')).toMatch(/^Jan 15, 2027/);
    expect(formatDateRange(start, start + 2 * DAY, 'en-US')).toMatch(
      /^Jan 15, 2027.*–.*Jan 17, 2027/,
    );
    // a range that ends before it starts is written as two dates, not refused
    expect(formatDateRange(start, start - DAY, 'en-US')).toMatch(/Jan 15, 2027.* – Jan 14, 2027/);
  });

  it('says how far a moment is in the largest fitting unit', () => {
    const now = Date.UTC(2027, 0, 15, 8);
    expect(formatRelative(now + 3 * DAY + HOUR, now, 'en-US')).toBe('in 3 days');
    expect(formatRelative(now - 5 * HOUR, now, 'en-US')).toBe('5 hours ago');
    expect(formatRelative(now + 2 * 60_000, now, 'en-US')).toBe('in 2 minutes');
    expect(formatRelative(now - 10_000, now, 'en-US')).toBe('now');
  });
});

describe('formatDuration, short', () => {
  it('writes minutes and seconds under an hour, hours above, never below zero', () => {
    expect(formatDuration(65_000, { short: true })).toBe('1:05');
    expect(formatDuration(59_001, { short: true })).toBe('1:00');
    expect(formatDuration(3_600_000 + 61_000, { short: true })).toBe('1:01:01');
    expect(formatDuration(-5000, { short: true })).toBe('0:00');
  });
});
