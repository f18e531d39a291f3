/** Submitting a flag and reading its result (G16, G17). */
import { findOwnSubmissionStatus } from '../../db/repositories/submissions.js';
import {
  limitsAttempts,
  NO_ATTEMPTS_LEFT,
  retryAfterSeconds,
  waitTitle,
} from '../../domain/attemptLimits.js';
import { checkGate } from '../../domain/gameGate.js';
import { ApiError, forbidden, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { callerOf, logAction, viewerOf } from './context.js';
import { refuseIfLocked } from './locks.js';

const sendJson = (reply: Parameters<NonNullable<Handlers['gameSubmitFlag']>>[1], value: unknown) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

export const gameSubmitHandlers: Handlers = {
  async gameSubmitFlag(request, reply) {
    const { id, challengeId } = request.params;
    const caller = callerOf(request);
    const { submissionBatches } = request.server;
    // One read for the gate, one insert (each shared with the submissions arriving at the same
    // moment: services/submissionBatches.ts), and the checker takes it from there.
    const { game, participation, challenge } = await submissionBatches.readGate({
      gameId: id,
      userId: caller.id,
      challengeId,
    });
    const now = Date.now();
    checkGate(game, participation, now, { endedBlocked: true, viewer: viewerOf(request) });
    // Vexil differs: a disabled challenge takes no submissions.
    if (!challenge?.isEnabled) throw notFound('The challenge was not found');
    // Vexil addition (issue 25): a locked challenge takes no submissions; nothing is recorded.
    await refuseIfLocked(
      request,
      game!.id,
      challenge.id,
      { participationId: participation.id },
      () => notFound('The challenge was not found'),
      now,
    );
    const submission = {
      gameId: game!.id,
      challengeId: challenge.id,
      participationId: participation.id,
      userId: caller.id,
      userName: caller.userName,
      answer: request.body.flag.trim(),
      now,
      claim: request.server.flagChecker.newClaim(),
    };
    let submissionId: number;
    if (!limitsAttempts(challenge)) {
      submissionId = await submissionBatches.write(submission);
    } else {
      // Vexil addition (issue 25): stored only if the team's attempts allow it.
      const outcome = await submissionBatches.writeLimited({ ...submission, rules: challenge });
      if ('reason' in outcome) {
        if (outcome.reason === 'limit') throw forbidden(NO_ATTEMPTS_LEFT);
        const seconds = retryAfterSeconds(outcome.until, Date.now());
        throw new ApiError(429, waitTitle(seconds), 429, seconds);
      }
      submissionId = outcome.id;
    }
    request.server.flagChecker.enqueue(submissionId);
    logAction(
      request,
      `${caller.userName} submitted a flag for ${challenge.title} in ${game!.title}`,
    );
    return sendJson(reply, submissionId);
  },

  async gameGetSubmissionStatus(request, reply) {
    const { id, challengeId, submitId } = request.params;
    const status = request.user
      ? await findOwnSubmissionStatus(request.server.db, {
          id: submitId,
          gameId: id,
          challengeId,
          userId: request.user.id,
        })
      : null;
    if (!status) throw notFound('The submission was not found');
    return sendJson(reply, status === 'CheatDetected' ? 'WrongAnswer' : status);
  },
};
