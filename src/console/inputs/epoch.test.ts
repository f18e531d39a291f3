import { describe, expect, it } from 'vitest';
import { epochToLocalInput, localInputToEpoch } from './epoch';

describe('epoch date-time inputs', () => {
  it('round-trips a time to the minute, in local time', () => {
    const time = new Date(2025, 2, 9, 14, 5).getTime();
    expect(epochToLocalInput(time)).toBe('2025-03-09T14:05');
    expect(localInputToEpoch('2025-03-09T14:05')).toBe(time);
  });

  it('gives empty or null for nothing and for nonsense', () => {
    expect(epochToLocalInput(null)).toBe('');
    expect(epochToLocalInput('soon')).toBe('');
    expect(localInputToEpoch('')).toBeNull();
    expect(localInputToEpoch('not a date')).toBeNull();
  });
});
