/**
 * What a submission's answer is worth (behaviour §2.4, §3), decided from rows already loaded:
 * static challenges accept any of their flags, dynamic ones only the team's own flag; no instance
 * means `NotFound` (stored: Vexil differs).
 */
import type { Challenge } from '../../db/repositories/challenges.js';
import type { GameInstance } from '../../db/repositories/instances.js';
import type { AnswerResult } from '../../db/repositories/submissions.js';
import { isDynamic } from '../playInstances.js';

export type Judgement = Extract<AnswerResult, 'Accepted' | 'WrongAnswer' | 'NotFound'>;

export function judgeAnswer(
  challenge: Pick<Challenge, 'type'>,
  instance: Pick<GameInstance, 'flag'> | undefined,
  answer: string,
  staticFlags: ReadonlySet<string> | undefined,
): Judgement {
  if (!instance) return 'NotFound';
  const correct = isDynamic(challenge)
    ? instance.flag !== null && instance.flag === answer
    : (staticFlags?.has(answer) ?? false);
  return correct ? 'Accepted' : 'WrongAnswer';
}
