/** POST /api/account/recovery and /passwordreset: a reset link by mail, then a new password. */
import { deleteSessionsForUser } from '../../db/repositories/sessions.js';
import { findUserByEmail, updateUserFieldsIfStamp } from '../../db/repositories/users.js';
import { newSecurityStamp } from '../../db/ids.js';
import { withTransaction } from '../../db/transaction.js';
import { hashPassword } from '../../domain/passwords.js';
import { Refused } from '../../domain/errors.js';
import { badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { decodeLinkValue, requireCaptcha } from './guards.js';

/** The one answer to a recovery request that may go ahead, whether the address is known or not. */
export const RECOVERY_ACCEPTED =
  'If a confirmed account has this email, a password reset link was mailed to it';

export const recoveryHandlers: Handlers = {
  /**
   * Answers alike for known and unknown addresses, so the form tells nobody who is registered:
   * every check that can refuse (captcha, policy, mail settings) depends on the request, not on
   * the address; the token is made and the mail sent after the answer, for a confirmed account
   * only (a failed delivery is logged, not answered, as it would tell the address is known).
   */
  async accountRecovery(request) {
    const { email, challenge } = request.body;
    const { accountPolicy: policy } = await request.server.settings.get();
    await requireCaptcha(request, policy, challenge);
    if (!policy.emailConfirmationRequired)
      throw badRequest('Password recovery by mail is off: please ask an administrator');

    const { accountTokens: tokens, accountMail: mail, db } = request.server;
    const user = await findUserByEmail(db, email);
    const known = user?.emailConfirmed ? user : null;
    const mailReset = async (account: NonNullable<typeof known>) => {
      const token = await tokens.issue('reset', account);
      await mail.send(request, {
        kind: 'reset',
        to: account.email,
        userName: account.userName,
        token,
      });
    };
    const problem = mail.problem(request);
    if (problem) {
      // The same refusal for everyone; for a known account `send` still logs the link when no
      // SMTP server is set, so an administrator can pass it on.
      if (known) await mailReset(known).catch(() => undefined);
      throw new Refused(problem);
    }
    if (known) {
      void mailReset(known).catch((err: unknown) =>
        request.log.error({ err }, `Could not mail a reset link to user ${known.userName}`),
      );
    }
    return { title: RECOVERY_ACCEPTED, status: 200 };
  },

  /** Rotating the stamp voids the token (it works once) and every session of the account. */
  async accountPasswordReset(request) {
    const email = decodeLinkValue(request.body.email, 'email');
    const token = decodeLinkValue(request.body.rToken, 'token');
    const { db } = request.server;
    const user = await findUserByEmail(db, email);
    // One refusal for an unknown address and a bad link: the form tells nobody who is registered.
    if (!user || !(await request.server.accountTokens.verify('reset', token, user)))
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
