/**
 * GET /api/account/sso/{provider}/start and /callback: single sign-on through a browser's
 * redirects (issue 26). Both answer only redirects: a problem goes back to the sign-in page (or
 * the profile when linking) as `?sso_error=<code>`, never as JSON or a stack trace.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { findIdentity, insertFlow, insertIdentity, takeFlow } from '../../db/repositories/sso.js';
import { findUserById, type User } from '../../db/repositories/users.js';
import { localReturnPath, type ExternalIdentity } from '../../domain/sso/identity.js';
import type { SsoProvider } from '../../domain/sso/providers.js';
import type { Handlers } from '../../http/handlers.js';
import {
  confirmedAtOnce,
  createSsoAccount,
  newAccountRefusal,
} from '../../services/sso/newAccounts.js';
import { enabledProvider } from '../../services/sso/providerRegistry.js';
import { finishAuthorization, startAuthorization } from '../../services/sso/relyingParty.js';
import { signInWithSso } from './ssoSignIn.js';

/** Binds a sign-in under way to the browser that started it. */
export const SSO_COOKIE = 'vexil_sso';
const COOKIE_PATH = '/api/account/sso';
const FLOW_TTL_MS = 10 * 60_000;

const LOGIN_PAGE = '/account/login';
const PROFILE_PAGE = '/account/profile';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The redirect URI registered at the provider: the site's public origin when configured, else
 *  the request's own (the provider refuses any URI it does not know, so a forged Host header
 *  cannot send a code elsewhere). */
function redirectUriOf(request: FastifyRequest, provider: string): string {
  const origin =
    request.server.accountMail.origin(request) ?? `${request.protocol}://${request.host}`;
  return `${origin}/api/account/sso/${provider}/callback`;
}

function goTo(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(302).header('location', location).header('cache-control', 'no-store').send();
}

/** Where the browser goes once the provider's answer is taken: the page it came from, or the
 *  sign-in page asking for the second step (it then goes on to that page). */
function afterSignIn(outcome: 'signedIn' | 'secondStep', returnTo: string): string {
  if (outcome === 'signedIn') return returnTo;
  return `${LOGIN_PAGE}?second-step&from=${encodeURIComponent(returnTo)}`;
}

function refuse(reply: FastifyReply, code: string, link: boolean): FastifyReply {
  return goTo(reply, `${link ? PROFILE_PAGE : LOGIN_PAGE}?sso_error=${code}`);
}

function logFailure(request: FastifyRequest, provider: string, why: string, userName = '') {
  request.log.info(
    { userName, ip: request.ip, taskStatus: 'Failed' },
    `Failed single sign-on with ${provider}: ${why}`,
  );
}

/** The query string exactly as the provider sent it. */
const rawQuery = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
};

async function linkIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SsoProvider,
  identity: ExternalIdentity,
  userId: string,
): Promise<FastifyReply> {
  const { db } = request.server;
  const user = request.user?.id === userId ? await findUserById(db, userId) : null;
  if (!user) return refuse(reply, 'NotSignedIn', true);
  const linked = await findIdentity(db, provider.id, identity.subject);
  if (linked && linked.userId !== user.id) {
    logFailure(request, provider.id, 'the identity is linked to another account', user.userName);
    return refuse(reply, 'LinkedElsewhere', true);
  }
  if (!linked) {
    try {
      const now = Date.now();
      await insertIdentity(db, {
        provider: provider.id,
        subject: identity.subject,
        userId: user.id,
        email: identity.email,
        linkedAt: now,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return refuse(reply, 'AlreadyLinked', true);
    }
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `User ${user.userName} linked a sign-in with ${provider.id}`,
    );
  }
  return goTo(reply, `${PROFILE_PAGE}?sso_linked=${provider.id}`);
}

/** A linked account may sign in unless it is banned or waits for its confirmation. */
function signInRefusal(user: User): string | null {
  if (user.role === 'Banned') return 'Banned';
  return user.emailConfirmed ? null : 'AwaitingConfirmation';
}

async function signInOrRegister(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: SsoProvider,
  identity: ExternalIdentity,
  returnTo: string,
): Promise<FastifyReply> {
  const { db } = request.server;
  const linked = await findIdentity(db, provider.id, identity.subject);
  if (linked) {
    const user = await findUserById(db, linked.userId);
    if (!user) return refuse(reply, 'SignInFailed', false);
    const refusal = signInRefusal(user);
    if (refusal) {
      logFailure(request, provider.id, refusal, user.userName);
      return refuse(reply, refusal, false);
    }
    const identityOf = { provider: provider.id, subject: identity.subject };
    return goTo(
      reply,
      afterSignIn(await signInWithSso(request, reply, user, identityOf), returnTo),
    );
  }

  const { accountPolicy: policy } = await request.server.settings.get();
  const refusal = await newAccountRefusal(db, policy, identity);
  if (refusal) {
    logFailure(request, provider.id, `no account made: ${refusal}`, identity.userName ?? '');
    return refuse(reply, refusal, false);
  }
  const confirmed = confirmedAtOnce(policy, identity);
  let user: User;
  try {
    user = await createSsoAccount(
      db,
      provider.id,
      { ...identity, email: identity.email! },
      confirmed,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return refuse(reply, 'EmailTaken', false);
  }
  request.log.info(
    { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
    `User ${user.userName} registered with ${provider.id}`,
  );
  if (confirmed) {
    const identityOf = { provider: provider.id, subject: identity.subject };
    return goTo(
      reply,
      afterSignIn(await signInWithSso(request, reply, user, identityOf), returnTo),
    );
  }
  // The e-mail is not trusted: it is confirmed by the mailed link when the mail flows are on, else
  // by an administrator.
  const { accountTokens, accountMail } = request.server;
  if (policy.emailConfirmationRequired && accountMail.problem(request) === null) {
    const token = await accountTokens.issue('verify', user);
    await accountMail.send(request, {
      kind: 'verify',
      to: user.email,
      userName: user.userName,
      token,
    });
    return refuse(reply, 'ConfirmationMailed', false);
  }
  return refuse(reply, 'AwaitingConfirmation', false);
}

export const ssoFlowHandlers: Handlers = {
  async accountSsoStart(request, reply) {
    const link = request.query.mode === 'link';
    const returnTo = localReturnPath(request.query.from);
    if (returnTo === null) {
      logFailure(request, request.params.provider, `refused return path ${request.query.from}`);
      return refuse(reply, 'BadReturnPath', link);
    }
    const provider = await enabledProvider(request.server, request.params.provider);
    if (!provider) return refuse(reply, 'UnknownProvider', link);
    // A banned account may only sign out: it links nothing.
    if (link && (!request.user || request.user.role === 'Banned'))
      return refuse(reply, 'NotSignedIn', true);

    const redirectUri = redirectUriOf(request, provider.id);
    let start;
    try {
      start = await startAuthorization(provider, redirectUri);
    } catch (error) {
      request.log.warn({ err: error }, `Single sign-on provider ${provider.id} is unreachable`);
      return refuse(reply, 'ProviderUnreachable', link);
    }
    const browser = randomBytes(32).toString('base64url');
    await insertFlow(request.server.db, {
      state: start.state,
      provider: provider.id,
      browserHash: sha256(browser),
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      linkUserId: link ? request.user!.id : null,
      returnTo,
      expiresAt: Date.now() + FLOW_TTL_MS,
    });
    reply.setCookie(SSO_COOKIE, browser, {
      path: COOKIE_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET from another site.
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: FLOW_TTL_MS / 1000,
    });
    return goTo(reply, start.url.href);
  },

  async accountSsoCallback(request, reply) {
    const { provider: providerId } = request.params;
    const { state, error } = request.query;
    const browser = request.cookies[SSO_COOKIE];
    reply.clearCookie(SSO_COOKIE, { path: COOKIE_PATH });
    // One use: the flow's row is deleted as it is read, so a replayed state finds nothing.
    const flow = state ? await takeFlow(request.server.db, state) : null;
    const link = flow?.linkUserId != null;
    if (!flow || flow.provider !== providerId || !browser || sha256(browser) !== flow.browserHash) {
      logFailure(request, providerId, state ? 'unknown, used or foreign state' : 'no state');
      return refuse(reply, 'InvalidState', link);
    }
    const provider = await enabledProvider(request.server, providerId);
    if (!provider) return refuse(reply, 'UnknownProvider', link);
    if (error) {
      logFailure(request, providerId, `the provider answered ${error}`);
      return refuse(reply, 'ProviderRefused', link);
    }

    let identity: ExternalIdentity | null;
    try {
      identity = await finishAuthorization(
        provider,
        redirectUriOf(request, providerId),
        rawQuery(request),
        flow,
      );
    } catch (failure) {
      logFailure(request, providerId, (failure as Error).message);
      return refuse(reply, 'SignInFailed', link);
    }
    if (!identity) {
      logFailure(request, providerId, 'the provider gave no subject');
      return refuse(reply, 'SignInFailed', link);
    }
    if (flow.linkUserId) return linkIdentity(request, reply, provider, identity, flow.linkUserId);
    return signInOrRegister(request, reply, provider, identity, flow.returnTo);
  },
};
