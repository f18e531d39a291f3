/** Shared by the account handlers: the caller's row, captcha, email domains, mailed Base64. */
import type { FastifyRequest } from 'fastify';
import { emailDomainAllowed } from '../../domain/accountPolicy.js';
import { decodeBase64Text } from '../../domain/base64Text.js';
import type { AccountPolicy } from '../../domain/siteSettings.js';
import { findUserById, type User } from '../../db/repositories/users.js';
import { badRequest, unauthorized } from '../../http/errors.js';

export const CAPTCHA_FAILED = 'The captcha answer is missing, wrong or expired';

/** When the policy turns the captcha on, the answer must pass (else 400). */
export async function requireCaptcha(
  request: FastifyRequest,
  policy: AccountPolicy,
  answer: string | null | undefined,
): Promise<void> {
  if (!policy.useCaptcha) return;
  const passed = await request.server.captcha.verify(answer, request.ip);
  if (!passed) throw badRequest(CAPTCHA_FAILED);
}

export function requireAllowedDomain(email: string, policy: AccountPolicy): void {
  if (!emailDomainAllowed(email, policy.emailDomainList))
    throw badRequest('Accounts with this email domain are not allowed here');
}

/** The text of a Base64 value from a mail link; 400 when it is not Base64 of UTF-8 text. */
export function decodeLinkValue(value: string, what: 'email' | 'token'): string {
  const text = decodeBase64Text(value);
  if (text === null) throw badRequest(`The ${what} is not valid Base64`);
  return text;
}

/** The signed-in caller's row (the role guard has seen a session; the row may be gone since). */
export async function currentUser(request: FastifyRequest): Promise<User> {
  const user = request.user && (await findUserById(request.server.db, request.user.id));
  if (!user) throw unauthorized();
  return user;
}
