/**
 * What a submission's answer is worth (behaviour §2.4, §3), decided from rows already loaded:
 * static challenges accept an answer any of their flags matches (by its match mode:
 * domain/flagMatch.ts), dynamic ones only the team's own flag, exactly; no instance means
 * `NotFound` (stored: Vexil differs).
 */
import type { Challenge } from '../../db/repositories/challenges.js';
import type { GameInstance } from '../../db/repositories/instances.js';
import type { AnswerResult } from '../../db/repositories/submissions.js';
import type { FlagMatcher } from '../../domain/flagMatch.js';
import { isDynamic } from '../playInstances.js';

export type Judgement = Extract<AnswerResult, 'Accepted' | 'WrongAnswer' | 'NotFound'>;

export function judgeAnswer(
  challenge: Pick<Challenge, 'type'>,
  instance: Pick<GameInstance, 'flag'> | undefined,
  answer: string,
  staticFlags: FlagMatcher | undefined,
): Judgement {
  if (!instance) return 'NotFound';
  const correct = isDynamic(challenge)
    ? instance.flag !== null && instance.flag === answer
    : (staticFlags?.accepts(answer) ?? false);
  return correct ? 'Accepted' : 'WrongAnswer';
}
