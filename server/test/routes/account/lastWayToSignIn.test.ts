// An account made by a single sign-on has no password: it keeps a way to sign in (issue 26). With
// a passkey it may unlink its identity; its last passkey then stays until a sign-in is linked.
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { ONLY_WAY_TO_SIGN_IN } from '#server/routes/account/lastWayToSignIn.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { SoftAuthenticator } from '../../support/softAuthenticator.js';
import { addPasskey } from './passkeySupport.js';
import { cookieOf, SITE, ssoSignIn } from './ssoSupport.js';
import { useSsoTestApp, useTestIdentityProvider } from './ssoTestApp.js';

const idp = useTestIdentityProvider();

describeEachDatabase('an account keeps a way to sign in', (getDb) => {
  const server = useSsoTestApp(getDb, idp);

  it('lets a passkey stand in for the last linked sign-in, and keeps the last passkey', async () => {
    const first = await ssoSignIn(server.app, idp(), 'idp', 'heidi');
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
