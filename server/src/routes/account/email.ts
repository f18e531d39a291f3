/** PUT /api/account/changeemail and POST /api/account/mailchangeconfirm. */
import { isUniqueViolation } from '../../db/errors.js';
import { newSecurityStamp } from '../../db/ids.js';
import { findUserByEmail, updateUserFields } from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { currentUser, decodeLinkValue, requireAllowedDomain } from './guards.js';
import { renewSession, setSessionCookie } from './session.js';

const EMAIL_IN_USE = 'This email is already used by an account';

export const emailHandlers: Handlers = {
  /** The mail flows are off unless the policy requires confirmation: then only an admin can
   *  change the address, and the answer says so with `data: false`. */
  async accountChangeEmail(request, reply) {
    const { newMail } = request.body;
    const user = await currentUser(request);
    const { accountPolicy: policy } = await request.server.settings.get();
    if (!policy.emailConfirmationRequired) {
      return reply.code(400).send({
        title: 'Changing the email by mail is off: please ask an administrator',
        data: false,
        status: 400,
      });
    }
    if (await findUserByEmail(request.server.db, newMail)) throw badRequest(EMAIL_IN_USE);
    requireAllowedDomain(newMail, policy);

    const { accountTokens: tokens, accountMail: mail } = request.server;
    const token = await tokens.issue('changeEmail', user, newMail);
    await mail.send(request, { kind: 'confirm', to: newMail, userName: user.userName, token });
    return { title: 'A confirmation link was mailed to the new address', data: true, status: 200 };
  },

  /** Rotating the stamp voids the token and the caller's other sessions; this one is renewed. */
  async accountMailChangeConfirm(request, reply) {
    const email = decodeLinkValue(request.body.email, 'email');
    const token = decodeLinkValue(request.body.token, 'token');
    const user = await currentUser(request);
    if (!(await request.server.accountTokens.verify('changeEmail', token, user, email)))
      throw badRequest('The confirmation link is invalid, has expired or is not yours');

    const session = await withTransaction(request.server.db, async (trx) => {
      const holder = await findUserByEmail(trx, email);
      if (holder && holder.id !== user.id) throw badRequest(EMAIL_IN_USE);
      await updateUserFields(trx, user.id, {
        email,
        emailConfirmed: true,
        securityStamp: newSecurityStamp(),
      });
      return renewSession(trx, request, user.id);
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? badRequest(EMAIL_IN_USE) : error;
    });
    request.server.sessions.forgetUser(user.id);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} changed their email to ${email}`,
    );
    setSessionCookie(request, reply, session);
  },
};
