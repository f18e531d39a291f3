/**
 * The one way a single sign-on ends in a session (issue 26): closes the browser's earlier session,
 * opens one for the account, notes the visit and the identity's use, and logs it. A sign-in that
 * needs a second step would branch here (see the report of issue 26: the lead decides).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { touchIdentity } from '../../db/repositories/sso.js';
import { touchLastVisited, type User } from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import {
  closeCurrentSession,
  forgetCurrentSession,
  openSession,
  setSessionCookie,
} from './session.js';

export async function signInWithSso(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  identity: { provider: string; subject: string },
): Promise<void> {
  const now = Date.now();
  const token = await withTransaction(request.server.db, async (trx) => {
    await closeCurrentSession(trx, request);
    await touchLastVisited(trx, user.id, request.ip, now);
    await touchIdentity(trx, identity.provider, identity.subject, now);
    return openSession(trx, request, user.id, now);
  });
  forgetCurrentSession(request);
  request.log.info(
    { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
    `User ${user.userName} signed in with ${identity.provider}`,
  );
  setSessionCookie(request, reply, token);
}
