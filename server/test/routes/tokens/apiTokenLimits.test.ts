// Rate limits count per personal API token (issue 26): a token spends its own allowance, not its
// user's browser session's nor another token's.
import { expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount } from '../account/support.js';
import { bearer, makeToken } from './support.js';

describeEachDatabase('API token rate limits', (getDb) => {
  const server = useTestApp(getDb, {
    config: () => testConfig({ VEXIL_RATE_LIMIT: 'on', VEXIL_RATE_LIMIT_GLOBAL: '4/60' }),
  });

  it('counts each token apart from the session and from the other tokens', async () => {
    const user = await createAccount(server.app);
    const { token } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const session = caller(server.app, token);
    // Two requests of the session's allowance make the tokens.
    const one = bearer(server.app, (await makeToken(session, { scope: 'Read' })).secret);
    const two = bearer(server.app, (await makeToken(session, { scope: 'Read' })).secret);
    const profile = { method: 'GET' as const, url: '/api/account/profile' };
    for (let i = 0; i < 4; i++) expect((await one(profile)).statusCode).toBe(200);
    const limited = await one(profile);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await two(profile)).statusCode).toBe(200);
    expect((await session(profile)).statusCode).toBe(200);
  });
});
