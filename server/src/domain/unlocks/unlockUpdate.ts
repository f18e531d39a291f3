/**
 * A challenge update's unlock fields (issue 25) applied to the stored rule. Absent (or null) keeps
 * a field, as for every property of ChallengeUpdateModel, except `releaseTime`, whose null clears
 * it. A PUT without any of them (the reference client's) leaves the rule as it is. Pure.
 */
import type { components } from '#wire/schema.gen.js';
import { toEpochMs } from '../gameInput.js';
import type { UnlockRule } from './rules.js';

type ChallengeUpdateModel = components['schemas']['ChallengeUpdateModel'];

export type UnlockFields = Pick<
  ChallengeUpdateModel,
  | 'prerequisites'
  | 'prerequisiteCount'
  | 'unlockScore'
  | 'releaseTime'
  | 'showWhenLocked'
  | 'releaseNotice'
>;

const FIELDS = [
  'prerequisites',
  'prerequisiteCount',
  'unlockScore',
  'releaseTime',
  'showWhenLocked',
  'releaseNotice',
] as const;

/** Whether the update sets any unlock field. */
export const touchesUnlock = (update: UnlockFields): boolean =>
  FIELDS.some((field) =>
    field === 'releaseTime' ? update[field] !== undefined : update[field] != null,
  );

/** The rule once the update applies; `NaN` as releaseTime marks an unreadable date. */
export function appliedRule(rule: UnlockRule, update: UnlockFields): UnlockRule {
  const keep = <T>(value: T | null | undefined, stored: T): T => value ?? stored;
  const releaseTime =
    update.releaseTime === undefined
      ? rule.releaseTime
      : update.releaseTime === null
        ? null
        : toEpochMs(update.releaseTime, Number.NaN);
  const prerequisites = keep(update.prerequisites, rule.prerequisites);
  // An emptied list takes its "any N" with it, unless the update sets one.
  const storedCount = prerequisites.length === 0 ? 0 : (rule.prerequisiteCount ?? 0);
  return {
    challengeId: rule.challengeId,
    prerequisites,
    prerequisiteCount: keep(update.prerequisiteCount, storedCount) || null,
    unlockScore: keep(update.unlockScore, rule.unlockScore ?? 0) || null,
    releaseTime,
    showWhenLocked: keep(update.showWhenLocked, rule.showWhenLocked),
    releaseNotice: keep(update.releaseNotice, rule.releaseNotice),
  };
}
