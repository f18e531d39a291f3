// Helpers of the personal API token tests (issue 26): making a token through the API as its
// owner, and a caller that sends nothing but `Authorization: Bearer` (no cookie, no CSRF pair).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Caller } from '../../support/app.js';

export interface MadeToken {
  id: string;
  secret: string;
}

/** Creates a token with the owner's session; asserts it worked. */
export async function makeToken(
  owner: Caller,
  body: { name?: string; scope: 'Read' | 'Play' | 'Admin'; expiresAt?: number | null },
): Promise<MadeToken> {
  const response = await owner({
    method: 'POST',
    url: '/api/account/tokens',
    payload: { name: body.name ?? 'script', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  const created = response.json() as { token: string; info: { id: string } };
  return { id: created.info.id, secret: created.token };
}

/** A caller with the token only: no session cookie, no XSRF cookie or header. */
export function bearer(app: FastifyInstance, secret: string): Caller {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({
      ...options,
      headers: { authorization: `Bearer ${secret}`, ...(options.headers ?? {}) },
    });
}

export const listTokens = async (owner: Caller) => {
  const response = await owner({ method: 'GET', url: '/api/account/tokens' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: string;
    name: string;
    scope: string;
    lastUsedAt: number | null;
    lastUsedIp: string | null;
  }[];
};
