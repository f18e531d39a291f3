/** POST /api/account/recovery and /passwordreset: a reset link by mail, then a new password. */
import { deleteSessionsForUser } from '../../db/repositories/sessions.js';
import { findUserByEmail, updateUserFieldsIfStamp } from '../../db/repositories/users.js';
import { newSecurityStamp } from '../../db/ids.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword } from '../../domain/passwords.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { decodeLinkValue, requireCaptcha } from './guards.js';

export const recoveryHandlers: Handlers = {
  async accountRecovery(request) {
    const { email, challenge } = request.body;
    const { accountPolicy: policy } = await request.server.settings.get();
    await requireCaptcha(request, policy, challenge);
    const user = await findUserByEmail(request.server.db, email);
    if (!user || !user.emailConfirmed) throw notFound('No confirmed account has this email');
    if (!policy.emailConfirmationRequired)
      throw badRequest('Password recovery by mail is off: please ask an administrator');

    const { accountTokens: tokens, accountMail: mail } = request.server;
    const token = await tokens.issue('reset', user);
    await mail.send(request, { kind: 'reset', to: user.email, userName: user.userName, token });
    return { title: 'A password reset link was mailed to you', status: 200 };
  },

  /** Rotating the stamp voids the token (it works once) and every session of the account. */
  async accountPasswordReset(request) {
    const email = decodeLinkValue(request.body.email, 'email');
    const token = decodeLinkValue(request.body.rToken, 'token');
    const { db } = request.server;
    const user = await findUserByEmail(db, email);
    if (!user) throw badRequest('No account has this email');
    if (!(await request.server.accountTokens.verify('reset', token, user)))
      throw badRequest('The reset link is invalid or has expired');

    const passwordHash = await hashPassword(request.body.password);
    const applied = await withTransaction(db, async (trx) => {
      const swapped = await updateUserFieldsIfStamp(trx, user.id, user.securityStamp, {
        passwordHash,
        securityStamp: newSecurityStamp(),
      });
      if (swapped) await deleteSessionsForUser(trx, user.id);
      return swapped;
    });
    if (!applied) throw badRequest('The reset link is invalid or has expired');
    request.server.sessions.forgetUser(user.id);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} reset their password`,
    );
  },
};
