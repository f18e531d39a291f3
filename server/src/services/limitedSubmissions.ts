/**
 * Storing submissions to challenges with attempt limits (issue 25), exactly under concurrency.
 *
 * The submissions of such challenges arriving together are stored in one transaction that first
 * locks their teams' registrations (`participations` rows, in id order, FOR NO KEY UPDATE on
 * PostgreSQL; SQLite has one writer at a time), then counts each team's attempts at the
 * challenge — wrong submissions and those still being checked — and inserts only the
 * submissions the rules allow, deciding those of one team in arrival order. Every instance takes
 * the same locks the same way, so a team's submissions to a limited challenge take turns across
 * the cluster and the count each one sees includes every one stored before it: the limit is
 * never exceeded. Unlimited challenges never come here (their path is as cheap as before): a
 * submission whose gate was read just before an organiser set a limit is stored as before, and
 * counted by every later one.
 *
 * The lock does not stop the rest: inserts of unlimited submissions only take KEY SHARE locks on
 * the registration, and the flag checker locks submissions, instances and challenges, never
 * registrations.
 */
import type { Kysely } from 'kysely';
import { tallyAttempts, tallyKey } from '../db/repositories/attemptTallies.js';
import { lockInIdOrder } from '../db/repositories/rowLocks.js';
import { insertSubmissions, type NewSubmission } from '../db/repositories/submissions.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import {
  attemptVerdict,
  NO_ATTEMPTS,
  withAttempt,
  type AttemptRules,
  type AttemptTally,
  type AttemptVerdict,
} from '../domain/attemptLimits.js';

export interface LimitedSubmission extends NewSubmission {
  rules: AttemptRules;
}

/** The stored submission's id, or why it was refused (nothing stored). */
export type LimitedOutcome = { id: number } | Exclude<AttemptVerdict, { allowed: true }>;

/** Stores those of the submissions their challenges' limits allow; one outcome per input. */
export function insertLimitedSubmissions(
  db: Kysely<DB>,
  inputs: readonly LimitedSubmission[],
): Promise<LimitedOutcome[]> {
  if (inputs.length === 0) return Promise.resolve([]);
  return withTransaction(db, async (trx) => {
    const teams = [...new Set(inputs.map((s) => s.participationId))].sort((a, b) => a - b);
    await lockInIdOrder(trx, 'participations', teams);
    const stored = await tallyAttempts(trx, inputs);
    const tallies = new Map<string, AttemptTally>();
    const verdicts = inputs.map((input) => {
      const key = tallyKey(input);
      const tally = tallies.get(key) ?? stored.get(key) ?? NO_ATTEMPTS;
      const verdict = attemptVerdict(input.rules, tally, input.now);
      if (verdict.allowed) tallies.set(key, withAttempt(tally, input.now));
      return verdict;
    });
    const allowed = inputs.filter((_, i) => verdicts[i].allowed);
    const ids = await insertSubmissions(trx, allowed);
    let next = 0;
    return verdicts.map((verdict): LimitedOutcome =>
      verdict.allowed ? { id: ids[next++] } : verdict,
    );
  });
}
