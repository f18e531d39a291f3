/**
 * Two-step sign-in (issue 26, item 3): finishing a pending sign-in with a code or a recovery
 * code, the enrolment a staff role may require during sign-in, and the profile's enrolment,
 * confirmation, recovery codes and turning off. Every code checked here counts in the sign-in
 * limits (services/loginThrottle.ts) like a password: a stolen session or a known password must
 * not guess codes freely.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newSecurityStamp } from '../../db/ids.js';
import { findUserById, updateUserFields, type User } from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { verifyPassword } from '../../domain/passwords.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { accountKey } from '../../services/loginThrottle.js';
import {
  admitSecondStepAttempt,
  CredentialRefused,
  finishSignIn,
  NO_PENDING_SIGN_IN,
  requirePendingSignIn,
  secondStepMethodsOf,
  secondStepRequiredFor,
  type PendingSignIn,
} from '../../services/secondStep/index.js';
import { NOT_ON } from '../../services/secondStep/totpService.js';
import { currentUser } from './guards.js';
import { renewSession, setSessionCookie } from './session.js';

export const WRONG_CODE = 'The code is wrong or has expired';
export const CODE_USED = 'This code was used already: wait for the next one';
export const WRONG_RECOVERY_CODE = 'The recovery code is wrong or was used already';
export const ONE_OF_CODE_OR_RECOVERY = 'Give either a code or a recovery code';
export const ENROL_FIRST = 'This sign-in needs an authenticator app to be enrolled first';
export const NO_ENROLMENT_NEEDED = 'This sign-in does not need an enrolment';
export const REQUIRED_FOR_ROLE = 'Your role requires two-step sign-in: it cannot be turned off';
export const ONE_OF_PASSWORD_OR_CODE = 'Give either your password or a code';
export const WRONG_PASSWORD = 'The current password is wrong';

const given = (value: string | null | undefined): value is string =>
  value != null && value.trim() !== '';

const issuerOf = async (request: FastifyRequest) =>
  (await request.server.settings.get()).globalConfig.title || 'Vexil';

/** The pending sign-in of the request, for the purpose asked (401 without one, 400 otherwise). */
async function pendingFor(
  request: FastifyRequest,
  purpose: PendingSignIn['purpose'],
): Promise<PendingSignIn> {
  const pending = await requirePendingSignIn(request);
  if (pending.purpose !== purpose)
    throw badRequest(purpose === 'Enrol' ? NO_ENROLMENT_NEEDED : ENROL_FIRST);
  return pending;
}

function logFailure(request: FastifyRequest, user: User | null, what: string) {
  const userName = user?.userName ?? '?';
  request.log.info(
    { userName, ip: request.ip, taskStatus: 'Failed' },
    `Failed second step of ${userName}: ${what}`,
  );
}

/** The user of a pending sign-in (deleted meanwhile: the pending sign-in is gone too). */
async function pendingUser(request: FastifyRequest, pending: PendingSignIn): Promise<User> {
  const user = await findUserById(request.server.db, pending.userId);
  if (!user) throw unauthorized(NO_PENDING_SIGN_IN);
  return user;
}

/** A code checked for a signed-in user's own operation, counted in the sign-in limits; the time
 *  step it matched is used up in `trx` work given to `then`, so it is not replayed either. */
async function withCheckedCode<T>(
  request: FastifyRequest,
  user: User,
  code: string,
  which: 'enabled' | 'unconfirmed',
  then: (trx: Kysely<DB>, step: number) => Promise<T>,
): Promise<T> {
  const { loginThrottle, totp, db } = request.server;
  const attempt = await loginThrottle.admit(accountKey(user, user.userName), request.ip);
  const step = await totp.stepOf(user.id, code, which);
  const result =
    step === null
      ? null
      : await withTransaction(db, async (trx) => {
          if (which === 'enabled' && !(await totp.useTimeStep(trx, user.id, step))) return null;
          return { value: await then(trx, step) };
        });
  if (!result) {
    await attempt.failed();
    logFailure(request, user, 'wrong or used code');
    throw badRequest(WRONG_CODE);
  }
  await attempt.succeeded();
  return result.value;
}

export const twoStepHandlers: Handlers = {
  /** For a page that did not see the password's answer (a sign-in begun elsewhere). */
  async accountGetSecondStep(request) {
    const pending = await requirePendingSignIn(request);
    const enrolRequired = pending.purpose === 'Enrol';
    const methods = enrolRequired
      ? []
      : await secondStepMethodsOf(request.server.db, pending.userId);
    return { secondStep: { methods, enrolRequired } };
  },

  async accountLogInSecondStep(request, reply) {
    const pending = await pendingFor(request, 'SecondStep');
    const { code, recoveryCode } = request.body;
    if (given(code) === given(recoveryCode)) throw badRequest(ONE_OF_CODE_OR_RECOVERY);
    const { totp } = request.server;
    const userId = pending.userId;
    const attempt = await admitSecondStepAttempt(request, pending);
    const refuse = async (title: string) => {
      await attempt.wrong();
      logFailure(request, await findUserById(request.server.db, userId), title);
      return badRequest(title);
    };

    let useCredential: (trx: Kysely<DB>) => Promise<boolean>;
    let refusal: string;
    if (given(code)) {
      // The app may have been reset since the password: then no code is right.
      const step = await totp.stepOf(userId, code, 'enabled').catch(() => null);
      if (step === null) throw await refuse(WRONG_CODE);
      useCredential = (trx) => totp.useTimeStep(trx, userId, step);
      refusal = CODE_USED;
    } else {
      useCredential = (trx) => totp.useRecoveryCode(trx, userId, recoveryCode ?? '');
      refusal = WRONG_RECOVERY_CODE;
    }
    try {
      await finishSignIn(request, reply, userId, useCredential);
    } catch (error) {
      if (error instanceof CredentialRefused) throw await refuse(refusal);
      throw error;
    }
    await attempt.succeeded();
  },

  async accountLogInEnrolTotp(request) {
    const pending = await pendingFor(request, 'Enrol');
    const user = await pendingUser(request, pending);
    return request.server.totp.enrol(user.id, await issuerOf(request), user.userName);
  },

  async accountLogInConfirmTotp(request, reply) {
    const pending = await pendingFor(request, 'Enrol');
    const user = await pendingUser(request, pending);
    const { totp } = request.server;
    const attempt = await admitSecondStepAttempt(request, pending);
    const step = await totp.stepOf(user.id, request.body.code, 'unconfirmed');
    if (step === null) {
      await attempt.wrong();
      logFailure(request, user, 'wrong code at enrolment');
      throw badRequest(WRONG_CODE);
    }
    let codes: string[] = [];
    try {
      await finishSignIn(request, reply, user.id, async (trx) => {
        codes = (await totp.confirmIn(trx, user.id, step)) ?? [];
        return codes.length > 0;
      });
    } catch (error) {
      if (!(error instanceof CredentialRefused)) throw error;
      await attempt.wrong();
      throw badRequest(WRONG_CODE);
    }
    await attempt.succeeded();
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} enrolled an authenticator app (required for their role)`,
    );
    return { codes };
  },

  async accountGetTwoStep(request) {
    const user = await currentUser(request);
    const { accountPolicy } = await request.server.settings.get();
    return {
      ...(await request.server.totp.status(user.id)),
      required: secondStepRequiredFor(user.role, accountPolicy),
    };
  },

  async accountStartTotp(request) {
    const user = await currentUser(request);
    return request.server.totp.enrol(user.id, await issuerOf(request), user.userName);
  },

  /** Turning the app on rotates the security stamp: any other session (perhaps the reason for
   *  turning it on) ends; this one is renewed. */
  async accountConfirmTotp(request, reply) {
    const user = await currentUser(request);
    const { totp } = request.server;
    const confirmed = await withCheckedCode(
      request,
      user,
      request.body.code,
      'unconfirmed',
      async (trx, step) => {
        const codes = await totp.confirmIn(trx, user.id, step);
        if (!codes) return null;
        await updateUserFields(trx, user.id, { securityStamp: newSecurityStamp() });
        return { codes, token: await renewSession(trx, request, user.id) };
      },
    );
    if (!confirmed) throw badRequest(WRONG_CODE);
    request.server.sessions.forgetUser(user.id);
    setSessionCookie(request, reply, confirmed.token);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} turned two-step sign-in on`,
    );
    return { codes: confirmed.codes };
  },

  async accountDisableTotp(request) {
    const user = await currentUser(request);
    const { totp, settings, loginThrottle } = request.server;
    const { accountPolicy } = await settings.get();
    if (secondStepRequiredFor(user.role, accountPolicy)) throw badRequest(REQUIRED_FOR_ROLE);
    if (!(await totp.status(user.id)).totp) throw badRequest(NOT_ON);
    const { password, code } = request.body;
    if (given(password) === given(code)) throw badRequest(ONE_OF_PASSWORD_OR_CODE);
    if (given(code)) {
      await withCheckedCode(request, user, code, 'enabled', async () => undefined);
    } else {
      const attempt = await loginThrottle.admit(accountKey(user, user.userName), request.ip);
      if (!(await verifyPassword(password ?? '', user.passwordHash))) {
        await attempt.failed();
        logFailure(request, user, 'wrong password to turn two-step sign-in off');
        throw badRequest(WRONG_PASSWORD);
      }
      await attempt.succeeded();
    }
    await totp.remove(user.id);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} turned two-step sign-in off`,
    );
  },

  async accountRegenerateRecoveryCodes(request) {
    const user = await currentUser(request);
    const { totp } = request.server;
    const codes = await withCheckedCode(request, user, request.body.code, 'enabled', (trx) =>
      totp.replaceCodesIn(trx, user.id),
    );
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} made new recovery codes`,
    );
    return { codes };
  },
};
