/** POST /api/account/login and /logout. */
import {
  findUserByUserNameOrEmail,
  touchLastVisited,
  type User,
} from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword, verifyPassword } from '../../domain/passwords.js';
import { ApiError } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { requireCaptcha } from './guards.js';
import {
  clearSessionCookie,
  closeCurrentSession,
  forgetCurrentSession,
  openSession,
  setSessionCookie,
} from './session.js';

export const WRONG_CREDENTIALS = 'Wrong user name or password';
export const ACCOUNT_BANNED = 'This account has been banned';

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
  async accountLogIn(request, reply) {
    const { userName, password, challenge } = request.body;
    const { db } = request.server;
    const { accountPolicy: policy } = await request.server.settings.get();
    await requireCaptcha(request, policy, challenge);

    const user = await findUserByUserNameOrEmail(db, userName);
    decoyHash ??= hashPassword('decoy password, never valid');
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
    const failure = refusal(user, passwordOk);
    if (!user || failure) {
      request.log.info(
        { userName: user?.userName ?? userName, ip: request.ip, taskStatus: 'Failed' },
        `Failed sign-in as ${userName}: ${failure}`,
      );
      throw new ApiError(401, failure ?? WRONG_CREDENTIALS);
    }

    const now = Date.now();
    const token = await withTransaction(db, async (trx) => {
      await closeCurrentSession(trx, request);
      await touchLastVisited(trx, user.id, request.ip, now);
      return openSession(trx, request, user.id, now);
    });
    forgetCurrentSession(request);
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
