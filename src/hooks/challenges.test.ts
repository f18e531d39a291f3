import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/api/errors';
import type { AnswerResult } from '@/api/types';
import { pollSubmission } from './challenges';

const answers = (...results: AnswerResult[]) => {
  const read = vi.fn(async () => results.shift() ?? 'FlagSubmitted');
  return read;
};

describe('pollSubmission', () => {
  it('answers the first checked result, waiting the interval between reads', async () => {
    const read = answers('FlagSubmitted', 'FlagSubmitted', 'WrongAnswer');
    const wait = vi.fn(async () => undefined);
    await expect(pollSubmission(read, { intervalMs: 1_000, attempts: 30 }, wait)).resolves.toBe(
      'WrongAnswer',
    );
    expect(read).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[1_000], [1_000]]);
  });

  it('reads at once, without waiting, the first time', async () => {
    const wait = vi.fn(async () => undefined);
    await expect(pollSubmission(answers('Accepted'), undefined, wait)).resolves.toBe('Accepted');
    expect(wait).not.toHaveBeenCalled();
  });

  it('gives up after the attempts with Timeout', async () => {
    const read = answers();
    const wait = vi.fn(async () => undefined);
    await expect(pollSubmission(read, { intervalMs: 1_000, attempts: 30 }, wait)).resolves.toBe(
      'Timeout',
    );
    expect(read).toHaveBeenCalledTimes(30);
  });

  it('stops at a failed read', async () => {
    const read = vi.fn(async (): Promise<AnswerResult> => {
      throw new HttpError('The submission was not found', 404);
    });
    await expect(pollSubmission(read, undefined, async () => undefined)).rejects.toThrow(
      'The submission was not found',
    );
  });
});
