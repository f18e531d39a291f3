/**
 * What the passkey routes share: the site's relying party for a request, and the `vexil_passkey`
 * cookie that names a ceremony's challenge (HttpOnly, SameSite=Strict, only sent to the passkey
 * routes, gone after 5 minutes; the challenge itself stays on the server).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PasskeyChallengePurpose } from '../../db/tables/passkeys.js';
import { CHALLENGE_TTL_MS, takeChallenge } from '../../services/passkeys/challenges.js';
import { relyingPartyOf, type RelyingParty } from '../../services/passkeys/relyingParty.js';

export const PASSKEY_COOKIE = 'vexil_passkey';
const COOKIE_PATH = '/api/account/passkeys';

export async function relyingPartyFor(request: FastifyRequest): Promise<RelyingParty> {
  const { globalConfig } = await request.server.settings.get();
  return relyingPartyOf({
    publicUrl: request.server.config.publicUrl,
    protocol: request.protocol,
    host: request.host,
    siteName: globalConfig.title || 'Vexil',
  });
}

export function setCeremonyCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(PASSKEY_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

/** Takes the challenge the request's cookie names (one use) and clears the cookie. */
export async function takeCeremonyChallenge(
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: PasskeyChallengePurpose,
) {
  return takeChallenge(request.server.db, takeCeremonyCookie(request, reply), purpose);
}

/** The token the request's `vexil_passkey` cookie carries, clearing the cookie (its challenge is
 *  one use whatever the outcome). */
export function takeCeremonyCookie(
  request: FastifyRequest,
  reply: FastifyReply,
): string | undefined {
  const token = request.cookies[PASSKEY_COOKIE];
  if (token) {
    reply.clearCookie(PASSKEY_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
    });
  }
  return token;
}
