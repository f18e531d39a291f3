/** A challenge's unlock settings on the organisers' wire (issue 25). */
import type { components } from '#wire/schema.gen.js';
import { hasConditions, type UnlockRule } from '../../domain/unlocks/rules.js';

type ChallengeUnlock = components['schemas']['ChallengeUnlock'];

/** The settings as the edit form reads them (every challenge has them, empty by default). */
export const unlockFieldsOf = (rule: UnlockRule): ChallengeUnlock => ({
  prerequisites: [...rule.prerequisites],
  prerequisiteCount: rule.prerequisiteCount ?? 0,
  unlockScore: rule.unlockScore ?? 0,
  releaseTime: rule.releaseTime,
  showWhenLocked: rule.showWhenLocked,
  releaseNotice: rule.releaseNotice,
});

/** The list's `unlock`, left out for a challenge open to every team. */
export const toUnlockModel = (rule: UnlockRule | undefined): { unlock?: ChallengeUnlock } =>
  rule && hasConditions(rule) ? { unlock: unlockFieldsOf(rule) } : {};
