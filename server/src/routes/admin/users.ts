import { newSecurityStamp } from '../../db/ids.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { isCaptainOfAnyTeam } from '../../db/repositories/teams.js';
import { deleteApiTokensAboveRole } from '../../db/repositories/apiTokens.js';
import {
  countUsers,
  findUserById,
  listUsers,
  searchUsers,
  updateUserFields,
  type UserPatch,
} from '../../db/repositories/users.js';
import { deleteAccount, updateAccount } from '../../services/personalEntries.js';
import { hashPassword } from '../../domain/passwords.js';
import { toProfileModel } from '../../domain/profiles.js';
import { randomPassword } from '../../domain/randomPassword.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers, OperationRequest } from '../../http/handlers.js';
import { logAdminAction } from './adminLog.js';
import { assertUnused, rethrowAsTaken } from './identityConflicts.js';
import { adminUserBatchHandlers } from './userBatch.js';
import { userPage } from './userModels.js';

const USER_NOT_FOUND = 'The user was not found';

/** Ids are stored lower-case; the path may carry any case. */
const userIdOf = (request: { params: { userid: string } }) => request.params.userid.toLowerCase();

/** The non-null fields of an `AdminUserInfoModel`. */
function patchOf(body: OperationRequest<'adminUpdateUser'>['body']): UserPatch {
  const patch: UserPatch = {};
  if (body.userName != null) patch.userName = body.userName;
  if (body.email != null) patch.email = body.email;
  if (body.bio != null) patch.bio = body.bio;
  if (body.phone != null) patch.phone = body.phone;
  if (body.realName != null) patch.realName = body.realName;
  if (body.stdNumber != null) patch.stdNumber = body.stdNumber;
  if (body.emailConfirmed != null) patch.emailConfirmed = body.emailConfirmed;
  if (body.role != null) patch.role = body.role;
  return patch;
}

/** Admin user management (`/api/admin/users*`). */
export const adminUserHandlers: Handlers = {
  ...adminUserBatchHandlers,

  async adminGetUsers(request) {
    const { count = 100, skip = 0 } = request.query;
    const { db } = request.server;
    return userPage(db, await listUsers(db, skip, count), await countUsers(db));
  },

  async adminSearchUsers(request) {
    const { db } = request.server;
    const users = await searchUsers(db, request.query.hint);
    return userPage(db, users, users.length);
  },

  async adminGetUser(request) {
    const user = await findUserById(request.server.db, userIdOf(request));
    if (!user) throw notFound(USER_NOT_FOUND);
    return toProfileModel(user);
  },

  async adminUpdateUser(request) {
    const { db } = request.server;
    const user = await findUserById(db, userIdOf(request));
    if (!user) throw notFound(USER_NOT_FOUND);
    const patch = patchOf(request.body);
    await assertUnused(db, [{ userName: patch.userName, email: patch.email }], user.id);
    // Lifting a ban ends the sessions from before it (services/bans.ts).
    // The personal entry (individual play) is renamed with the account.
    await updateAccount(request.server, user, patch).catch(rethrowAsTaken);
    // A role lowered below an API token's scope ends the token for good (issue 26): raising the
    // role again must not bring it back. (Its lookups refuse it already; forgetUser below.)
    if (patch.role !== undefined) await deleteApiTokensAboveRole(db, user.id, patch.role);
    // The role (a ban included) and the name are part of every signed-in request.
    if (patch.role !== undefined || patch.userName !== undefined) {
      request.server.sessions.forgetUser(user.id);
    }
    logAdminAction(request, `Updated user ${user.userName}`);
  },

  async adminDeleteUser(request) {
    const { db, files } = request.server;
    const id = userIdOf(request);
    if (id === request.user?.id) throw badRequest('You cannot delete your own account');
    const user = await findUserById(db, id);
    if (!user) throw notFound(USER_NOT_FOUND);
    const captainError = badRequest(
      `${user.userName} captains a team: transfer or delete the team first`,
    );
    if (await isCaptainOfAnyTeam(db, id)) throw captainError;
    // Their personal entry (individual play) goes with them, like a deleted team.
    await deleteAccount(request.server, request.log, id).catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? captainError : error;
    });
    request.server.sessions.forgetUser(id);
    await files
      .release(user.avatarHash)
      .catch((err: unknown) => request.log.warn({ err }, 'Could not release a deleted avatar'));
    logAdminAction(request, `Deleted user ${user.userName}`);
  },

  async adminResetPassword(request, reply) {
    const { db } = request.server;
    const user = await findUserById(db, userIdOf(request));
    if (!user) throw notFound(USER_NOT_FOUND);
    const password = randomPassword();
    const updated = await updateUserFields(db, user.id, {
      passwordHash: await hashPassword(password),
      securityStamp: newSecurityStamp(),
    });
    if (!updated) throw notFound(USER_NOT_FOUND);
    // The new stamp voids the user's sessions.
    request.server.sessions.forgetUser(user.id);
    logAdminAction(request, `Reset the password of ${user.userName}`);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(password));
  },
};
