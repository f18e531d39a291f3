/** What a right password (or a single sign-on) leads to when the account has, or its role
 *  requires, a second step. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '#wire/schema.gen.js';
import type { User } from '../../db/repositories/users.js';
import type { AccountPolicy } from '../../domain/siteSettings.js';
import {
  secondStepMethodsOf,
  secondStepRequiredFor,
  startPendingSignIn,
} from '../../services/secondStep/index.js';

type SecondStepRequired = components['schemas']['SecondStepRequired'];

/**
 * Null when the password alone signs the user in (no second step set up and none required).
 * Otherwise records a pending sign-in, sets its cookie and returns the answer naming the methods.
 * An Admin or Monitor without any second step while the organisers require one gets a pending
 * sign-in for enrolment (`enrolRequired`): no session until an authenticator app is confirmed.
 */
export async function secondStepAfterPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  policy: AccountPolicy,
  passed = 'the password',
): Promise<SecondStepRequired | null> {
  const methods = await secondStepMethodsOf(request.server.db, user.id);
  const enrolRequired = methods.length === 0 && secondStepRequiredFor(user.role, policy);
  if (methods.length === 0 && !enrolRequired) return null;
  await startPendingSignIn(request, reply, user, enrolRequired ? 'Enrol' : 'SecondStep');
  request.log.info(
    { userName: user.userName, ip: request.ip, taskStatus: 'Pending' },
    enrolRequired
      ? `User ${user.userName} passed ${passed} and must enrol a second step`
      : `User ${user.userName} passed ${passed}; second step asked`,
  );
  return { secondStep: { methods, enrolRequired } };
}
