/**
 * A passkey as the second step of a password sign-in (issue 26): the pending sign-in of
 * `POST /api/account/login` names the account, so the challenge is bound to it and only its own
 * passkeys are accepted. A refusal counts like a wrong code (the sign-in limits, and the pending
 * sign-in's own count); success finishes the sign-in as a code does.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { findUserById } from '../../db/repositories/users.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import {
  finishPasskeySecondStep,
  startPasskeySecondStep,
} from '../../services/passkeys/secondStep.js';
import {
  admitSecondStepAttempt,
  requirePendingSignIn,
  secondStepMethodsOf,
  finishSignIn,
  type PendingSignIn,
} from '../../services/secondStep/index.js';
import { relyingPartyFor, setCeremonyCookie, takeCeremonyCookie } from './passkeyCeremony.js';
import { PASSKEY_REFUSED } from './passkeySignIn.js';

export const NO_PASSKEY_STEP = 'This sign-in has no passkey to finish it with';
export const NO_SECOND_STEP_CHALLENGE =
  'The passkey step has expired or was already used: please start it again';

/** The request's pending sign-in, when a passkey can finish it. */
async function passkeyPending(request: FastifyRequest): Promise<PendingSignIn> {
  const pending = await requirePendingSignIn(request);
  const methods = await secondStepMethodsOf(request.server.db, pending.userId);
  if (pending.purpose !== 'SecondStep' || !methods.includes('Passkey'))
    throw badRequest(NO_PASSKEY_STEP);
  return pending;
}

export const passkeySecondStepHandlers: Handlers = {
  async accountPasskeySecondStepOptions(request, reply) {
    const pending = await passkeyPending(request);
    const rp = await relyingPartyFor(request);
    const { token, options } = await startPasskeySecondStep(request.server.db, rp, pending.userId);
    setCeremonyCookie(request, reply, token);
    return options;
  },

  async accountPasskeySecondStep(request, reply) {
    const pending = await passkeyPending(request);
    const rp = await relyingPartyFor(request);
    const { db } = request.server;
    const attempt = await admitSecondStepAttempt(request, pending);
    // The spec's schema is the library's AuthenticationResponseJSON, field for field.
    const response = request.body as AuthenticationResponseJSON;
    const token = takeCeremonyCookie(request, reply);
    const outcome = await finishPasskeySecondStep(db, rp, pending.userId, token, response);
    if (!outcome.ok) {
      await attempt.wrong();
      const user = await findUserById(db, pending.userId);
      request.log.info(
        { userName: user?.userName ?? '?', ip: request.ip, taskStatus: 'Failed' },
        `Failed second step of ${user?.userName ?? '?'}: passkey ${outcome.reason}`,
      );
      if (outcome.reason === 'noChallenge') throw badRequest(NO_SECOND_STEP_CHALLENGE);
      throw new ApiError(401, PASSKEY_REFUSED);
    }
    await finishSignIn(request, reply, pending.userId);
    await attempt.succeeded();
  },
};
