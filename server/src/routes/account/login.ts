/** POST /api/account/login and /logout. */
import {
  findUserByUserNameOrEmail,
  touchLastVisited,
  type User,
} from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword, verifyPassword } from '../../domain/passwords.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { accountKey } from '../../services/loginThrottle.js';
import { CAPTCHA_FAILED } from './guards.js';
import { secondStepAfterPassword } from './secondStepLogin.js';
import {
  clearSessionCookie,
  closeCurrentSession,
  forgetCurrentSession,
  openSession,
  setSessionCookie,
} from './session.js';

export const WRONG_CREDENTIALS = 'Wrong user name or password';
export const ACCOUNT_BANNED = 'This account has been banned';
export const CAPTCHA_NEEDED =
  'This account had too many failed sign-ins: please solve the captcha to sign in';

/** Checked when no account matches, so that a miss takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** Why the sign-in is refused: the password is checked first, so only its owner learns that an
 *  account is banned; an unconfirmed email looks like a wrong password. */
function refusal(user: User | null, passwordOk: boolean): string | null {
  if (!user || !passwordOk) return WRONG_CREDENTIALS;
  if (user.role === 'Banned') return ACCOUNT_BANNED;
  return user.emailConfirmed ? null : WRONG_CREDENTIALS;
}

export const loginHandlers: Handlers = {
  /** Every attempt is counted per account and address (services/loginThrottle.ts): it ends in
   *  `failed()` (wrong password, unknown name, captcha…) or `succeeded()`. */
  async accountLogIn(request, reply) {
    const { userName, password, challenge } = request.body;
    const { db } = request.server;
    const { accountPolicy: policy } = await request.server.settings.get();
    const user = await findUserByUserNameOrEmail(db, userName);
    const attempt = await request.server.loginThrottle.admit(
      accountKey(user, userName),
      request.ip,
    );

    // Once the account's failures from every address reach their limit, the captcha is asked for
    // even when the policy does not use it; the answer says which, so a form can show it.
    const { captcha } = request.server;
    const advised = attempt.captchaAdvised && captcha.enabled && !policy.useCaptcha;
    if ((policy.useCaptcha || advised) && !(await captcha.verify(challenge, request.ip))) {
      await attempt.failed();
      if (!advised) throw badRequest(CAPTCHA_FAILED);
      return reply
        .code(400)
        .send({ title: CAPTCHA_NEEDED, data: captcha.clientInfo(true), status: 400 });
    }

    decoyHash ??= hashPassword('decoy password, never valid');
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
    const failure = refusal(user, passwordOk);
    if (!user || failure) {
      await attempt.failed();
      request.log.info(
        { userName: user?.userName ?? userName, ip: request.ip, taskStatus: 'Failed' },
        `Failed sign-in as ${userName}: ${failure}`,
      );
      throw new ApiError(401, failure ?? WRONG_CREDENTIALS);
    }

    // With a second step the password alone does not sign in, and does not clear the address's
    // failures either: only the finished sign-in does (secondStepLogin.ts).
    const secondStep = await secondStepAfterPassword(request, reply, user, policy);
    if (secondStep) return secondStep;

    const now = Date.now();
    const token = await withTransaction(db, async (trx) => {
      await closeCurrentSession(trx, request);
      await touchLastVisited(trx, user.id, request.ip, now);
      return openSession(trx, request, user.id, now);
    });
    forgetCurrentSession(request);
    await attempt.succeeded();
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} signed in`,
    );
    setSessionCookie(request, reply, token);
  },

  async accountLogOut(request, reply) {
    await closeCurrentSession(request.server.db, request);
    forgetCurrentSession(request);
    clearSessionCookie(request, reply);
  },
};
