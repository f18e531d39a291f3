// An account made by a single sign-on has no password: it keeps a way to sign in (issue 26). With
// a passkey it may unlink its identity; its last passkey then stays until a sign-in is linked.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { ONLY_WAY_TO_SIGN_IN } from '#server/routes/account/lastWayToSignIn.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../support/oidcProvider.js';
import { SoftAuthenticator } from '../../support/softAuthenticator.js';
import { addPasskey } from './passkeySupport.js';
import { DEFAULT_POLICY, setAccountPolicy } from './support.js';
import { addProviders, cookieOf, redirectUris, SITE, ssoSignIn } from './ssoSupport.js';

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startTestIdentityProvider(redirectUris());
});
afterAll(() => idp.close());

describeEachDatabase('an account keeps a way to sign in', (getDb) => {
  const server = useTestApp(getDb, { config: () => testConfig({ VEXIL_PUBLIC_URL: SITE }) });
  const admin = server.as('Admin');
  beforeAll(() => addProviders(admin, idp));
  beforeEach(() => setAccountPolicy(server.app, { ...DEFAULT_POLICY, ssoOnly: false }));

  it('lets a passkey stand in for the last linked sign-in, and keeps the last passkey', async () => {
    const first = await ssoSignIn(server.app, idp, 'idp', 'heidi');
    const call = caller(server.app, cookieOf(first, SESSION_COOKIE));
    const authenticator = new SoftAuthenticator(SITE, new URL(SITE).hostname);
    const added = await addPasskey(call, authenticator);
    expect(added.statusCode, added.body).toBe(200);

    const unlinked = await call({ method: 'DELETE', url: '/api/account/sso/links/idp' });
    expect(unlinked.statusCode, unlinked.body).toBe(200);

    const last = await call({ method: 'DELETE', url: `/api/account/passkeys/${added.json().id}` });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ title: ONLY_WAY_TO_SIGN_IN, status: 400 });
    expect((await call({ method: 'GET', url: '/api/account/passkeys' })).json()).toHaveLength(1);
  });
});
