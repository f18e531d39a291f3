/**
 * Attempt limits of a challenge (issue 25): the most wrong submissions a team may make
 * (`maxAttempts`, 0 = no limit) and the wait after each (`attemptWait` seconds, 0 = none). Pure.
 *
 * Submissions are judged after they are recorded, so when one arrives the team's earlier
 * submissions may still be unchecked. Each of them holds an attempt (and starts the wait) until
 * it is found right: counting the unchecked with the wrong ones is what keeps the limit exact
 * however many arrive at once. A right answer never uses one; once the team has a right answer
 * the limit and the wait no longer apply.
 */
import type { components } from '#wire/schema.gen.js';

export interface AttemptRules {
  maxAttempts: number;
  /** Seconds. */
  attemptWait: number;
}

/** The team's submissions of one challenge, as far as the limit is concerned. */
export interface AttemptTally {
  /** Submissions not `Accepted`: wrong ones and those still being checked. */
  used: number;
  /** The team has an `Accepted` submission of the challenge. */
  solved: boolean;
  /** Time of the latest submission counted in `used`, or null. */
  last: number | null;
}

export const NO_ATTEMPTS: AttemptTally = { used: 0, solved: false, last: null };

export type AttemptVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'limit' }
  | { allowed: false; reason: 'wait'; until: number };

/** Whether the challenge limits attempts at all (else submissions take the unlimited path). */
export const limitsAttempts = (rules: AttemptRules): boolean =>
  rules.maxAttempts > 0 || rules.attemptWait > 0;

/** When the team's wait ends, or null when it has none. */
function waitEnd(rules: AttemptRules, tally: AttemptTally): number | null {
  if (rules.attemptWait <= 0 || tally.last === null) return null;
  return tally.last + rules.attemptWait * 1000;
}

/** Whether a submission at `now` is taken. The limit is told before the wait. */
export function attemptVerdict(
  rules: AttemptRules,
  tally: AttemptTally,
  now: number,
): AttemptVerdict {
  if (tally.solved) return { allowed: true };
  if (rules.maxAttempts > 0 && tally.used >= rules.maxAttempts) {
    return { allowed: false, reason: 'limit' };
  }
  const end = waitEnd(rules, tally);
  if (end !== null && now < end) return { allowed: false, reason: 'wait', until: end };
  return { allowed: true };
}

/** The tally once a submission taken at `now` is added (it holds an attempt until judged). */
export const withAttempt = (tally: AttemptTally, now: number): AttemptTally => ({
  ...tally,
  used: tally.used + 1,
  last: tally.last === null ? now : Math.max(tally.last, now),
});

/** Seconds for `Retry-After` until `until` (at least 1). */
export const retryAfterSeconds = (until: number, now: number): number =>
  Math.max(1, Math.ceil((until - now) / 1000));

export const NO_ATTEMPTS_LEFT = 'No attempts left for this challenge';
export const waitTitle = (seconds: number): string =>
  `Wait ${seconds} s before the next attempt at this challenge`;

/** What the team is shown of its attempts; null when nothing limits them (or it solved it). */
export function attemptStanding(
  rules: AttemptRules,
  tally: AttemptTally,
  now: number,
): components['schemas']['ChallengeAttemptsModel'] | null {
  if (!limitsAttempts(rules) || tally.solved) return null;
  const left = rules.maxAttempts > 0 ? Math.max(0, rules.maxAttempts - tally.used) : null;
  const end = left === 0 ? null : waitEnd(rules, tally);
  const waiting = end !== null && now < end;
  return {
    maxAttempts: rules.maxAttempts,
    attemptsLeft: left,
    attemptWait: rules.attemptWait,
    nextAttemptAt: waiting ? end : null,
    waitLeft: waiting ? end - now : 0,
  };
}
