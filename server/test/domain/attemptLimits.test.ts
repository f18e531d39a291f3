import { describe, expect, it } from 'vitest';
import {
  attemptStanding,
  attemptVerdict,
  limitsAttempts,
  NO_ATTEMPTS,
  retryAfterSeconds,
  withAttempt,
} from '#server/domain/attemptLimits.js';

const NOW = 1_800_000_000_000;

describe('attempt limits (pure rules)', () => {
  it('limit only what the organiser set', () => {
    expect(limitsAttempts({ maxAttempts: 0, attemptWait: 0 })).toBe(false);
    expect(limitsAttempts({ maxAttempts: 3, attemptWait: 0 })).toBe(true);
    expect(limitsAttempts({ maxAttempts: 0, attemptWait: 5 })).toBe(true);
  });

  it('take submissions until the limit, each one held until judged', () => {
    const rules = { maxAttempts: 2, attemptWait: 0 };
    let tally = NO_ATTEMPTS;
    for (let i = 0; i < 2; i++) {
      expect(attemptVerdict(rules, tally, NOW)).toEqual({ allowed: true });
      tally = withAttempt(tally, NOW);
    }
    expect(attemptVerdict(rules, tally, NOW)).toEqual({ allowed: false, reason: 'limit' });
    expect(attemptVerdict(rules, { ...tally, solved: true }, NOW)).toEqual({ allowed: true });
  });

  it('make the team wait after its latest attempt, the limit told first', () => {
    const rules = { maxAttempts: 0, attemptWait: 30 };
    const tally = withAttempt(NO_ATTEMPTS, NOW);
    expect(attemptVerdict(rules, tally, NOW + 1_000)).toEqual({
      allowed: false,
      reason: 'wait',
      until: NOW + 30_000,
    });
    expect(attemptVerdict(rules, tally, NOW + 30_000)).toEqual({ allowed: true });
    expect(attemptVerdict({ maxAttempts: 1, attemptWait: 30 }, tally, NOW)).toEqual({
      allowed: false,
      reason: 'limit',
    });
    expect(withAttempt(tally, NOW - 5).last).toBe(NOW);
    expect(retryAfterSeconds(NOW + 1_001, NOW)).toBe(2);
    expect(retryAfterSeconds(NOW, NOW)).toBe(1);
  });

  it('show the attempts left and the wait, nothing once solved or unlimited', () => {
    const tally = withAttempt(NO_ATTEMPTS, NOW);
    expect(attemptStanding({ maxAttempts: 3, attemptWait: 10 }, tally, NOW + 4_000)).toEqual({
      maxAttempts: 3,
      attemptsLeft: 2,
      attemptWait: 10,
      nextAttemptAt: NOW + 10_000,
      waitLeft: 6_000,
    });
    expect(attemptStanding({ maxAttempts: 1, attemptWait: 10 }, tally, NOW)).toMatchObject({
      attemptsLeft: 0,
      nextAttemptAt: null,
      waitLeft: 0,
    });
    expect(
      attemptStanding({ maxAttempts: 3, attemptWait: 0 }, { ...tally, solved: true }, NOW),
    ).toBeNull();
    expect(attemptStanding({ maxAttempts: 0, attemptWait: 0 }, tally, NOW)).toBeNull();
  });
});
