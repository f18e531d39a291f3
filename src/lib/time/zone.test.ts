import { afterEach, describe, expect, it } from 'vitest';
import { formatDateRange, formatDateTime } from './format';
import { browserTimeZone, zoneOffsetLabel } from './zone';

const original = process.env.TZ;
/** Node follows a change of TZ at once: the test runs "in" another zone. */
const inZone = (zone: string) => {
  process.env.TZ = zone;
};

describe('times with their zone (issue 23)', () => {
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  const winter = Date.UTC(2027, 0, 15, 8);

  it('names the offset from UTC, half hours and summer time included', () => {
    inZone('Asia/Shanghai');
    expect(zoneOffsetLabel(winter)).toBe('UTC+08:00');
    expect(browserTimeZone()).toBe('Asia/Shanghai');
    inZone('America/St_Johns');
    expect(zoneOffsetLabel(winter)).toBe('UTC-03:30');
    inZone('Europe/Berlin');
    expect(zoneOffsetLabel(winter)).toBe('UTC+01:00');
    expect(zoneOffsetLabel(Date.UTC(2027, 6, 15))).toBe('UTC+02:00');
    inZone('UTC');
    expect(zoneOffsetLabel(winter)).toBe('UTC');
  });

  it('writes every date with a time of day with its zone', () => {
    inZone('Asia/Shanghai');
    expect(formatDateTime(winter, 'en-US')).toBe('Jan 15, 2027, 4:00 PM GMT+8');
    expect(formatDateRange(winter, winter + 3_600_000, 'en-US')).toMatch(/GMT\+8$/);
    inZone('UTC');
    expect(formatDateTime(winter, 'en-US')).toBe('Jan 15, 2027, 8:00 AM UTC');
    expect(formatDateTime(winter, 'de-DE')).toMatch(/UTC/);
  });
});
