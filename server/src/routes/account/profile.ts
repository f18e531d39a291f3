/** GET /api/account/profile, PUT /api/account/update and /changepassword. */
import { isUniqueViolation } from '../../db/errors.js';
import { newSecurityStamp } from '../../db/ids.js';
import {
  findUserByUserNameOrEmail,
  updateUserFields,
  type User,
  type UserPatch,
} from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword, verifyPassword } from '../../domain/passwords.js';
import { toProfileModel } from '../../domain/profiles.js';
import { badRequest } from '../../http/errors.js';
import type { Handlers, OperationRequest } from '../../http/handlers.js';
import { accountKey } from '../../services/loginThrottle.js';
import { updateAccount } from '../../services/personalEntries.js';
import { currentUser } from './guards.js';
import { USER_NAME_TAKEN } from './register.js';
import { renewSession, setSessionCookie } from './session.js';

function profilePatch(user: User, body: OperationRequest<'accountUpdate'>['body']): UserPatch {
  const patch: UserPatch = {};
  if (body.userName != null && body.userName !== user.userName) patch.userName = body.userName;
  if (body.bio != null) patch.bio = body.bio;
  if (body.phone != null) patch.phone = body.phone;
  if (body.realName != null) patch.realName = body.realName;
  if (body.stdNumber != null) patch.stdNumber = body.stdNumber;
  return patch;
}

export const profileHandlers: Handlers = {
  async accountGetProfile(request) {
    return toProfileModel(await currentUser(request));
  },

  async accountUpdate(request) {
    const user = await currentUser(request);
    const patch = profilePatch(user, request.body);
    if (patch.userName !== undefined) {
      const holder = await findUserByUserNameOrEmail(request.server.db, patch.userName);
      if (holder && holder.id !== user.id) throw badRequest(USER_NAME_TAKEN);
    }
    try {
      // The personal entry (individual play) is renamed with the account.
      await updateAccount(request.server, user, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(USER_NAME_TAKEN);
      throw error;
    }
    // Signed-in requests carry the user name (logs, rate-limit keys stay by id).
    if (patch.userName !== undefined) request.server.sessions.forgetUser(user.id);
  },

  /** Rotates the security stamp: other sessions end, this one is renewed. A wrong current
   *  password counts like a failed sign-in (a stolen session must not guess it freely). */
  async accountChangePassword(request, reply) {
    const user = await currentUser(request);
    const attempt = await request.server.loginThrottle.admit(
      accountKey(user, user.userName),
      request.ip,
    );
    if (!(await verifyPassword(request.body.old, user.passwordHash))) {
      await attempt.failed();
      throw badRequest('The current password is wrong');
    }
    await attempt.succeeded();
    const passwordHash = await hashPassword(request.body.new);
    const token = await withTransaction(request.server.db, async (trx) => {
      await updateUserFields(trx, user.id, { passwordHash, securityStamp: newSecurityStamp() });
      return renewSession(trx, request, user.id);
    });
    request.server.sessions.forgetUser(user.id);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} changed their password`,
    );
    setSessionCookie(request, reply, token);
  },
};
