// Helpers of the attempt-limit tests (issue 25): submitting without expecting a 200, the team's
// attempts as its challenge view shows them, and what is stored.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Caller } from '../../support/app.js';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The submissions stored for a team and challenge. */
export async function storedSubmissions(
  app: FastifyInstance,
  participationId: number,
  challengeId: number,
) {
  return app.db
    .selectFrom('submissions')
    .select(['id', 'status', 'submit_time'])
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .execute();
}

export const submit = (call: Caller, gameId: number, challengeId: number, flag: string) =>
  call({ method: 'POST', url: `/api/game/${gameId}/challenges/${challengeId}`, payload: { flag } });

export async function attemptsOf(call: Caller, gameId: number, challengeId: number) {
  const response = await call({
    method: 'GET',
    url: `/api/game/${gameId}/challenges/${challengeId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Json).context.attempts as Json | null;
}

/** Waits until none of the team's submissions of the challenge waits for its check (bounded). */
export async function waitForAllChecked(
  app: FastifyInstance,
  participationId: number,
  challengeId: number,
): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const stored = await storedSubmissions(app, participationId, challengeId);
    if (stored.every((s) => s.status !== 'FlagSubmitted')) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The submissions were never checked');
}
