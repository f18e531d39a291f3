/** POST /api/account/register and POST /api/account/verify: sign-up and its email confirmation. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import {
  createUser,
  findUserByEmail,
  findUserByUserNameOrEmail,
  touchLastVisited,
  updateUserFields,
  type User,
} from '../../db/repositories/users.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { registerOutcome, type RegisterStatus } from '../../domain/accountPolicy.js';
import { hashPassword } from '../../domain/passwords.js';
import type { Handlers } from '../../http/handlers.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { decodeLinkValue, requireAllowedDomain, requireCaptcha } from './guards.js';
import { openSession, setSessionCookie } from './session.js';

const titles: Record<RegisterStatus, string> = {
  LoggedIn: 'Registered and signed in',
  AdminConfirmationRequired:
    'Registered: an administrator must confirm the account before you can sign in',
  EmailConfirmationRequired: 'Registered: follow the link mailed to you to confirm your email',
};

export const EMAIL_TAKEN = 'An account with this email already exists';
export const SSO_ONLY = 'Sign-up here is by single sign-on only';
export const USER_NAME_TAKEN = 'This user name is already taken';

async function mailVerification(request: FastifyRequest, user: User): Promise<void> {
  const { accountTokens: tokens, accountMail: mail } = request.server;
  const token = await tokens.issue('verify', user);
  await mail.send(request, { kind: 'verify', to: user.email, userName: user.userName, token });
}

async function createAccount(
  db: Kysely<DB>,
  fields: { userName: string; email: string; passwordHash: string; confirmed: boolean },
): Promise<User> {
  try {
    return await createUser(db, {
      userName: fields.userName,
      email: fields.email,
      passwordHash: fields.passwordHash,
      emailConfirmed: fields.confirmed,
      registerTime: Date.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(`${USER_NAME_TAKEN}, or the email is in use`);
    throw error;
  }
}

export const registerHandlers: Handlers = {
  async accountRegister(request, reply) {
    const { userName, password, email, challenge } = request.body;
    const { db } = request.server;
    const { accountPolicy: policy } = await request.server.settings.get();
    if (!policy.allowRegister) throw badRequest('Registration is closed');
    if (policy.ssoOnly) throw badRequest(SSO_ONLY);
    await requireCaptcha(request, policy, challenge);
    requireAllowedDomain(email, policy);
    const outcome = registerOutcome(policy);

    // An unconfirmed account keeps its own name and password: it only gets a new mail.
    const existing = await findUserByEmail(db, email);
    if (existing && (existing.emailConfirmed || outcome !== 'EmailConfirmationRequired'))
      throw badRequest(EMAIL_TAKEN);
    if (existing) {
      await mailVerification(request, existing);
      return { title: titles[outcome], data: outcome, status: 200 };
    }
    if (await findUserByUserNameOrEmail(db, userName)) throw badRequest(USER_NAME_TAKEN);

    const passwordHash = await hashPassword(password);
    const confirmed = outcome === 'LoggedIn';
    const { user, session } = await withTransaction(db, async (trx) => {
      const user = await createAccount(trx, { userName, email, passwordHash, confirmed });
      return { user, session: confirmed ? await openSession(trx, request, user.id) : undefined };
    });
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} registered`,
    );
    if (session) setSessionCookie(request, reply, session);
    if (outcome === 'EmailConfirmationRequired') await mailVerification(request, user);
    return { title: titles[outcome], data: outcome, status: 200 };
  },

  async accountVerify(request, reply) {
    const email = decodeLinkValue(request.body.email, 'email');
    const token = decodeLinkValue(request.body.token, 'token');
    const { db } = request.server;
    const user = await findUserByEmail(db, email);
    if (!user || user.emailConfirmed)
      throw badRequest('No account waits for this email to be confirmed');
    if (!(await request.server.accountTokens.verify('verify', token, user)))
      throw new ApiError(401, 'The confirmation link is invalid or has expired');

    const now = Date.now();
    const session = await withTransaction(db, async (trx) => {
      await updateUserFields(trx, user.id, { emailConfirmed: true, registerTime: now });
      await touchLastVisited(trx, user.id, request.ip, now);
      return openSession(trx, request, user.id, now);
    });
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} confirmed their email`,
    );
    setSessionCookie(request, reply, session);
  },
};
