/** DELETE /api/admin/users/{userid}/two-step: an administrator resets a user's second step. */
import { findUserById } from '../../db/repositories/users.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { logAdminAction } from './adminLog.js';

export const adminTwoStepHandlers: Handlers = {
  async adminResetTwoStep(request) {
    const user = await findUserById(request.server.db, request.params.userid.toLowerCase());
    if (!user) throw notFound('The user was not found');
    const removed = await request.server.totp.remove(user.id);
    logAdminAction(
      request,
      removed
        ? `Reset the second step of ${user.userName}`
        : `Reset the second step of ${user.userName} (none was set up)`,
    );
  },
};
