/**
 * Signing in with a passkey alone (issue 26): options with a one-use challenge, then the
 * assertion. No user name: the credential names its account. A passkey is itself two factors
 * (held, and verified by the authenticator's PIN or biometrics), so no second step follows.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findPasskeyByCredentialId } from '../../db/repositories/passkeys.js';
import { findUserById, touchLastVisited, type User } from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { accountKey } from '../../services/loginThrottle.js';
import {
  passkeyRequestOptions,
  verifyPasskeyAssertion,
} from '../../services/passkeys/assertion.js';
import { issuePasskeyChallenge } from '../../services/passkeys/challenges.js';
import { ACCOUNT_BANNED } from './login.js';
import { relyingPartyFor, setCeremonyCookie, takeCeremonyChallenge } from './passkeyCeremony.js';
import {
  closeCurrentSession,
  forgetCurrentSession,
  openSession,
  setSessionCookie,
} from './session.js';

export const PASSKEY_REFUSED = 'The passkey was not accepted';
export const NO_SIGN_IN_CHALLENGE =
  'The passkey sign-in has expired or was already used: please start again';

/**
 * Signs in a user whose passkey was just verified: ends the request's session, opens a new one,
 * and logs it (the passkey sign-in's counterpart of the end of `accountLogIn`).
 */
export async function signInWithVerifiedPasskey(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  passkeyName: string,
): Promise<void> {
  const { db } = request.server;
  const now = Date.now();
  const token = await withTransaction(db, async (trx) => {
    await closeCurrentSession(trx, request);
    await touchLastVisited(trx, user.id, request.ip, now);
    return openSession(trx, request, user.id, now);
  });
  forgetCurrentSession(request);
  request.log.info(
    { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
    `User ${user.userName} signed in with the passkey "${passkeyName}"`,
  );
  setSessionCookie(request, reply, token);
}

export const passkeySignInHandlers: Handlers = {
  async accountPasskeySignInOptions(request, reply) {
    const rp = await relyingPartyFor(request);
    const { db } = request.server;
    const { token, challenge } = await issuePasskeyChallenge(db, 'signIn', null);
    const options = await passkeyRequestOptions(db, rp, challenge);
    setCeremonyCookie(request, reply, token);
    return options;
  },

  /** Every attempt with a challenge is counted by the sign-in limits (services/loginThrottle.ts)
   *  under the passkey's owner, or under the credential id when it names no passkey. */
  async accountPasskeySignIn(request, reply) {
    const rp = await relyingPartyFor(request);
    const challenge = await takeCeremonyChallenge(request, reply, 'signIn');
    if (!challenge) throw badRequest(NO_SIGN_IN_CHALLENGE);
    const { db } = request.server;
    // The spec's schema is the library's AuthenticationResponseJSON, field for field.
    const response = request.body as AuthenticationResponseJSON;

    const named = await findPasskeyByCredentialId(db, response.id);
    const owner = named && (await findUserById(db, named.userId));
    const attempt = await request.server.loginThrottle.admit(
      accountKey(owner ?? null, `passkey:${response.id}`),
      request.ip,
    );
    const refuse = async (title: string, why: string): Promise<never> => {
      await attempt.failed();
      request.log.info(
        { userName: owner?.userName ?? '', ip: request.ip, taskStatus: 'Failed' },
        `Failed passkey sign-in${owner ? ` as ${owner.userName}` : ''}: ${why}`,
      );
      throw new ApiError(401, title);
    };

    const outcome = await verifyPasskeyAssertion(db, {
      response,
      expectedChallenge: challenge.challenge,
      rp,
    });
    if (!outcome.ok || !owner)
      return refuse(PASSKEY_REFUSED, outcome.ok ? 'no account' : outcome.reason);
    if (owner.role === 'Banned') return refuse(ACCOUNT_BANNED, 'banned');
    if (!owner.emailConfirmed) return refuse(PASSKEY_REFUSED, 'email not confirmed');

    await attempt.succeeded();
    await signInWithVerifiedPasskey(request, reply, owner, outcome.passkeyName);
  },
};
