import { describe, expect, it } from 'vitest';
import { newGuidV7, newSecurityStamp } from '#server/db/ids.js';

const GUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newGuidV7', () => {
  it('is a lower-case hyphenated version 7 GUID carrying the time', () => {
    const id = newGuidV7(0x0123456789ab);
    expect(id).toMatch(GUID_V7);
    expect(id.slice(0, 13)).toBe('01234567-89ab');
  });

  it('increases strictly, also within one millisecond and when the clock goes back', () => {
    const now = Date.now() + 60_000;
    const ids = [
      ...Array.from({ length: 5000 }, () => newGuidV7(now)),
      newGuidV7(now - 1000),
      newGuidV7(),
    ];
    for (const id of ids) expect(id).toMatch(GUID_V7);
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });
});

describe('newSecurityStamp', () => {
  it('is random', () => {
    expect(newSecurityStamp()).not.toBe(newSecurityStamp());
  });
});
