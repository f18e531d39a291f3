/**
 * The one way a single sign-on ends in a session (issue 26): closes the browser's earlier session,
 * opens one for the account, notes the visit and the identity's use, and logs it.
 *
 * An account with a second step (or a staff account the organisers require one of) is asked for
 * it after a single sign-on as after its password: the identity provider's own checks are not
 * known here, and a weak or compromised provider must not walk past the second step the account's
 * owner or the organisers set up. The sign-in then waits as a pending sign-in, and the site's
 * sign-in page finishes it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { touchIdentity } from '../../db/repositories/sso.js';
import { touchLastVisited, type User } from '../../db/repositories/users.js';
import { secondStepAfterPassword } from './secondStepLogin.js';
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
): Promise<'signedIn' | 'secondStep'> {
  const now = Date.now();
  const { accountPolicy } = await request.server.settings.get();
  const passed = `a single sign-on with ${identity.provider}`;
  if (await secondStepAfterPassword(request, reply, user, accountPolicy, passed)) {
    await touchIdentity(request.server.db, identity.provider, identity.subject, now);
    return 'secondStep';
  }
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
  return 'signedIn';
}
