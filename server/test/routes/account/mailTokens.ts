// Account tokens minted in tests with the app's own secret, e.g. ones issued hours ago.
import type { FastifyInstance } from 'fastify';
import type { TokenPurpose } from '#server/domain/accountTokens.js';
import { encodeBase64Text } from '#server/domain/base64Text.js';
import type { User } from '#server/db/repositories/users.js';
import { AccountTokenService } from '#server/services/accountTokens.js';

/** The Base64 `token` and `email` a mail link would carry. */
export async function mintToken(
  app: FastifyInstance,
  purpose: TokenPurpose,
  user: User,
  options: { email?: string; issuedAt?: number } = {},
): Promise<{ token: string; email: string }> {
  const issuedAt = options.issuedAt ?? Date.now();
  const tokens = new AccountTokenService(app.db, app.config.secret, () => issuedAt);
  const email = options.email ?? user.email;
  const token = await tokens.issue(purpose, user, email);
  return { token: encodeBase64Text(token), email: encodeBase64Text(email) };
}

export const b64 = encodeBase64Text;
