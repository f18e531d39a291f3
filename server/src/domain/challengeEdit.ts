/**
 * Rules of editing a challenge (contract E20, behaviour.md §2.1, §8.1 with the §15 improvement:
 * NewChallenge only on the disabled → enabled transition). Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';
import type { Challenge, ChallengeSettings, ChallengeType } from '../db/repositories/challenges.js';
import { isTemplateComplexEnough } from './flagTemplate.js';

export type ChallengeUpdateModel = components['schemas']['ChallengeUpdateModel'];

export const isContainerType = (type: ChallengeType): boolean =>
  type === 'StaticContainer' || type === 'DynamicContainer';

/** S(n) of behaviour.md §1.2: the challenge's current score after n solves. */
export function dynamicScore(
  c: Pick<Challenge, 'originalScore' | 'minScoreRate' | 'difficulty' | 'acceptedCount'>,
): number {
  const n = c.acceptedCount;
  if (n <= 1) return c.originalScore;
  const rate = c.minScoreRate + (1 - c.minScoreRate) * Math.exp((1 - n) / c.difficulty);
  return Math.floor(c.originalScore * rate);
}

export const minScore = (c: Pick<Challenge, 'originalScore' | 'minScoreRate'>): number =>
  Math.floor(c.minScoreRate * c.originalScore);

/** The image a container challenge runs once the update applies (trimmed, as stored). */
const imageAfter = (challenge: Pick<Challenge, 'containerImage'>, update: ChallengeUpdateModel) =>
  (typeof update.containerImage === 'string'
    ? update.containerImage
    : challenge.containerImage
  ).trim();

/**
 * The first rule the update breaks (a 400 title), or null. An enabled container challenge always
 * has an image (a Vexil addition): players could start nothing otherwise.
 */
export function updateViolation(
  challenge: Pick<Challenge, 'isEnabled' | 'type' | 'containerImage'>,
  update: ChallengeUpdateModel,
  flagCount: number,
): string | null {
  const enabling = update.isEnabled === true && !challenge.isEnabled;
  if (enabling && challenge.type !== 'DynamicContainer' && flagCount === 0) {
    return 'The challenge has no flag and cannot be enabled';
  }
  if (isContainerType(challenge.type) && !imageAfter(challenge, update)) {
    if (enabling) return 'The challenge has no container image and cannot be enabled';
    const staysEnabled = challenge.isEnabled && update.isEnabled !== false;
    if (staysEnabled && typeof update.containerImage === 'string') {
      return 'The container image of an enabled challenge cannot be removed';
    }
  }
  if (update.enableTrafficCapture === true && !isContainerType(challenge.type)) {
    return 'Enable traffic capture only for challenge with containers';
  }
  const template = update.flagTemplate;
  if (
    challenge.type === 'DynamicContainer' &&
    template &&
    template.trim() &&
    !isTemplateComplexEnough(template)
  ) {
    return 'Flag is not sufficiently complicated, please consider adding team hash or adding length';
  }
  return null;
}

/** The stored changes of a valid update (absent or null properties unchanged). */
export function updateChanges(
  challenge: Pick<Challenge, 'type'>,
  update: ChallengeUpdateModel,
): Partial<ChallengeSettings> {
  const changes: Partial<ChallengeSettings> = {};
  const copy = <K extends keyof ChallengeSettings & keyof ChallengeUpdateModel>(key: K) => {
    const value = update[key];
    if (value !== undefined && value !== null) changes[key] = value as ChallengeSettings[K];
  };
  copy('title');
  copy('content');
  copy('category');
  copy('hints');
  copy('isEnabled');
  copy('fileName');
  copy('memoryLimit');
  copy('cpuCount');
  copy('storageLimit');
  copy('containerExposePort');
  copy('disableBloodBonus');
  copy('originalScore');
  copy('minScoreRate');
  copy('difficulty');
  copy('maxAttempts');
  copy('attemptWait');
  if (typeof update.flagTemplate === 'string') {
    changes.flagTemplate = update.flagTemplate.trim() ? update.flagTemplate : null;
  }
  if (typeof update.containerImage === 'string') {
    changes.containerImage = update.containerImage.trim();
  }
  if (typeof update.enableTrafficCapture === 'boolean') {
    changes.enableTrafficCapture = update.enableTrafficCapture && isContainerType(challenge.type);
  }
  return changes;
}

const sameSet = (a: string[], b: string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
};

/** Which notices an applied update publishes while the game is running. */
export function updateNotices(
  before: Challenge,
  after: Challenge,
  update: ChallengeUpdateModel,
  gameRunning: boolean,
): Array<'NewChallenge' | 'NewHint'> {
  if (!gameRunning) return [];
  const notices: Array<'NewChallenge' | 'NewHint'> = [];
  if (!before.isEnabled && after.isEnabled) notices.push('NewChallenge');
  if (update.hints && after.isEnabled && !sameSet(before.hints, update.hints)) {
    notices.push('NewHint');
  }
  return notices;
}
