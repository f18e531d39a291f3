// Single sign-on (issue 26) against a real OpenID provider started here (support/oidcProvider.ts):
// OpenID Connect and plain OAuth 2 sign-ins, accounts made under the policy, links, and the
// security checks (state missing or replayed, nonce and PKCE, another provider's callback, closed
// registration, unverified e-mail, no silent linking by e-mail, open redirects).
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { identitiesOfUser } from '#server/db/repositories/sso.js';
import { listLogs } from '#server/db/repositories/logs.js';
import { findUserByEmail, updateUserRole } from '#server/db/repositories/users.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { SSO_ONLY } from '#server/routes/account/register.js';
import { ONLY_WAY_TO_SIGN_IN } from '#server/routes/account/ssoLinks.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../support/oidcProvider.js';
import {
  createAccount,
  DEFAULT_POLICY,
  logIn,
  PASSWORD,
  profileOf,
  setAccountPolicy,
} from './support.js';
import {
  addProviders,
  callback,
  cookieOf,
  locationOf,
  providerInput,
  redirectUris,
  SITE,
  ssoSignIn,
  startSso,
} from './ssoSupport.js';

let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startTestIdentityProvider(redirectUris());
});
afterAll(() => idp.close());

describeEachDatabase('single sign-on', (getDb) => {
  const server = useTestApp(getDb, { config: () => testConfig({ VEXIL_PUBLIC_URL: SITE }) });
  const admin = server.as('Admin');
  beforeAll(() => addProviders(admin, idp));
  beforeEach(() => setAccountPolicy(server.app, { ...DEFAULT_POLICY, ssoOnly: false }));

  const sessionOf = (response: Awaited<ReturnType<typeof ssoSignIn>>) =>
    cookieOf(response, SESSION_COOKIE);
  const errorOf = (response: Awaited<ReturnType<typeof ssoSignIn>>) =>
    locationOf(response).searchParams.get('sso_error');
  const profile = async (session: string) => (await profileOf(caller(server.app, session))).json();

  it('lists the enabled providers for the sign-in page', async () => {
    const response = await server.anonymous({ method: 'GET', url: '/api/account/sso' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [
        { id: 'idp', name: 'Test University' },
        { id: 'idp2', name: 'Second Provider' },
        { id: 'oauth', name: 'Plain OAuth' },
        { id: 'oauth-plain', name: 'Plain OAuth without issuer' },
      ],
      passwordSignUp: true,
    });
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const { url, response } = await startSso(server.app, 'idp', '?from=/games');
    expect(url.origin).toBe(idp.issuer);
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/api/account/sso/idp/callback`);
    expect(response.cookies.find((c) => c.name === 'vexil_sso')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/account/sso',
    });
  });

  it('makes an account at the first sign-in and signs into it at the second', async () => {
    const first = await ssoSignIn(server.app, idp, 'idp', 'alice', { query: '?from=/games/1' });
    expect(locationOf(first).pathname).toBe('/games/1');
    const firstProfile = await profile(sessionOf(first)!);
    expect(firstProfile).toMatchObject({ userName: 'alice', email: 'alice@idp.test' });
    const user = (await findUserByEmail(server.app.db, 'alice@idp.test'))!;
    expect(user).toMatchObject({
      emailConfirmed: true,
      passwordHash: null,
      realName: 'Alice Liddell',
    });

    const second = await ssoSignIn(server.app, idp, 'idp', 'alice');
    expect(locationOf(second).pathname).toBe('/');
    expect((await profile(sessionOf(second)!)).userId).toBe(user.id);
    expect(await identitiesOfUser(server.app.db, user.id)).toHaveLength(1);
  });

  it('signs in with a plain OAuth 2 provider through its user-info endpoint and mapping', async () => {
    for (const provider of ['oauth', 'oauth-plain']) {
      const response = await ssoSignIn(server.app, idp, provider, `carol-${provider}`);
      expect(errorOf(response), provider).toBeNull();
      expect((await profile(sessionOf(response)!)).email).toBe(`carol-${provider}@idp.test`);
    }
  });

  it('makes a taken user name unique', async () => {
    await createAccount(server.app, { userName: 'dave', email: 'someone-else@example.org' });
    const response = await ssoSignIn(server.app, idp, 'idp', 'dave');
    const { userName } = await profile(sessionOf(response)!);
    expect(userName).not.toBe('dave');
    expect(userName).toMatch(/^dave\d+$/);
  });

  it('refuses a callback without a state, or with a state used already', async () => {
    const started = await startSso(server.app, 'idp');
    const back = await idp.authorize(started.url.href, 'erin');
    const withoutState = new URL(back);
    withoutState.searchParams.delete('state');
    const missing = await callback(server.app, withoutState, { browser: started.browser });
    expect(errorOf(missing)).toBe('InvalidState');
    expect(sessionOf(missing)).toBeUndefined();

    const used = await callback(server.app, back, { browser: started.browser });
    expect(sessionOf(used)).toBeDefined();
    const replayed = await callback(server.app, back, { browser: started.browser });
    expect(errorOf(replayed)).toBe('InvalidState');
    expect(sessionOf(replayed)).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in', async () => {
    const started = await startSso(server.app, 'idp');
    const back = await idp.authorize(started.url.href, 'frank');
    for (const browser of [undefined, 'another-browser']) {
      const response = await callback(server.app, back, { browser });
      expect(errorOf(response)).toBe('InvalidState');
      expect(sessionOf(response)).toBeUndefined();
    }
  });

  it("refuses another provider's callback for a sign-in", async () => {
    const started = await startSso(server.app, 'idp');
    const back = await idp.authorize(started.url.href, 'grace');
    const response = await callback(
      server.app,
      back,
      { browser: started.browser },
      '/api/account/sso/idp2/callback',
    );
    expect(errorOf(response)).toBe('InvalidState');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the one sent, and a wrong PKCE verifier', async () => {
    for (const column of ['nonce', 'code_verifier'] as const) {
      const started = await startSso(server.app, 'idp');
      const state = started.url.searchParams.get('state')!;
      await server.app.db
        .updateTable('sso_flows')
        .set({ [column]: 'not-the-one-sent-to-the-provider-0123456789abcdef' } as never)
        .where('state', '=', state)
        .execute();
      const back = await idp.authorize(started.url.href, `heidi-${column}`);
      const response = await callback(server.app, back, { browser: started.browser });
      expect(errorOf(response), column).toBe('SignInFailed');
      expect(sessionOf(response)).toBeUndefined();
      expect(await findUserByEmail(server.app.db, `heidi-${column}@idp.test`)).toBeNull();
    }
  });

  it('refuses a new account while registration is closed, with a page message', async () => {
    await setAccountPolicy(server.app, { allowRegister: false });
    const response = await ssoSignIn(server.app, idp, 'idp', 'ivan');
    expect(locationOf(response).pathname).toBe('/account/login');
    expect(errorOf(response)).toBe('RegistrationClosed');
    expect(await findUserByEmail(server.app.db, 'ivan@idp.test')).toBeNull();
  });

  it('does not trust an e-mail the provider does not say is verified', async () => {
    const response = await ssoSignIn(server.app, idp, 'idp', 'bob');
    expect(errorOf(response)).toBe('AwaitingConfirmation');
    expect(sessionOf(response)).toBeUndefined();
    const bob = await findUserByEmail(server.app.db, 'bob@idp.test');
    expect(bob?.emailConfirmed).toBe(false);
    const again = await ssoSignIn(server.app, idp, 'idp', 'bob');
    expect(errorOf(again)).toBe('AwaitingConfirmation');
  });

  it('never links an identity to an account by its e-mail: only from the profile', async () => {
    const owner = await createAccount(server.app, { userName: 'judy', email: 'judy@idp.test' });
    const refused = await ssoSignIn(server.app, idp, 'idp', 'judy');
    expect(errorOf(refused)).toBe('EmailTaken');
    expect(sessionOf(refused)).toBeUndefined();
    expect(await identitiesOfUser(server.app.db, owner.id)).toEqual([]);

    const session = await logInSession('judy');
    const signedIn = caller(server.app, session);
    const linked = await ssoSignIn(server.app, idp, 'idp', 'judy', {
      query: '?mode=link',
      session,
    });
    expect(String(linked.headers.location)).toBe('/account/profile?sso_linked=idp');
    const links = await signedIn({ method: 'GET', url: '/api/account/sso/links' });
    expect(links.json()).toMatchObject([{ provider: 'idp', providerName: 'Test University' }]);

    const later = await ssoSignIn(server.app, idp, 'idp', 'judy');
    expect((await profile(sessionOf(later)!)).userId).toBe(owner.id);
  });

  it('refuses to link an identity linked to another account, and link mode without a session', async () => {
    await ssoSignIn(server.app, idp, 'idp', 'mallory');
    const other = await createAccount(server.app);
    const session = await logInSession(other.userName);
    const response = await ssoSignIn(server.app, idp, 'idp', 'mallory', {
      query: '?mode=link',
      session,
    });
    expect(String(response.headers.location)).toBe('/account/profile?sso_error=LinkedElsewhere');
    const anonymous = await server.anonymous({
      method: 'GET',
      url: '/api/account/sso/idp/start?mode=link',
    });
    expect(String(anonymous.headers.location)).toBe('/account/profile?sso_error=NotSignedIn');
  });

  it('refuses a banned account', async () => {
    const first = await ssoSignIn(server.app, idp, 'idp', 'oscar');
    const { userId } = await profile(sessionOf(first)!);
    await updateUserRole(server.app.db, userId, 'Banned');
    const response = await ssoSignIn(server.app, idp, 'idp', 'oscar');
    expect(errorOf(response)).toBe('Banned');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('tells the sign-in page when the provider refuses, is unreachable or gives no e-mail', async () => {
    const started = await startSso(server.app, 'idp');
    const refused = new URL(`${SITE}/api/account/sso/idp/callback`);
    refused.searchParams.set('error', 'access_denied');
    refused.searchParams.set('state', started.url.searchParams.get('state')!);
    const answer = await callback(server.app, refused, { browser: started.browser });
    expect(errorOf(answer)).toBe('ProviderRefused');

    const add = (payload: Record<string, unknown>) =>
      admin({ method: 'POST', url: '/api/admin/sso/providers', payload });
    // Nothing listens on port 9 (discard) of this machine.
    await add({ ...providerInput(idp, 'idp'), id: 'down', issuer: 'http://127.0.0.1:9' });
    const down = await server.anonymous({ method: 'GET', url: '/api/account/sso/down/start' });
    expect(String(down.headers.location)).toBe('/account/login?sso_error=ProviderUnreachable');

    const mapping = { ...providerInput(idp, 'oauth').mapping, email: 'no_such_claim' };
    await add({ ...providerInput(idp, 'oauth'), id: 'no-mail', mapping });
    const response = await ssoSignIn(server.app, idp, 'no-mail', 'quinn');
    expect(errorOf(response)).toBe('EmailMissing');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('refuses a return path that leaves the site', async () => {
    for (const from of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'games']) {
      const response = await server.anonymous({
        method: 'GET',
        url: `/api/account/sso/idp/start?from=${encodeURIComponent(from)}`,
      });
      expect(String(response.headers.location), from).toBe(
        '/account/login?sso_error=BadReturnPath',
      );
      expect(cookieOf(response, 'vexil_sso')).toBeUndefined();
    }
  });

  it('sends an unknown or disabled provider back to the sign-in page', async () => {
    const response = await server.anonymous({ method: 'GET', url: '/api/account/sso/nope/start' });
    expect(String(response.headers.location)).toBe('/account/login?sso_error=UnknownProvider');
  });

  it("unlinks, but never the account's only way to sign in", async () => {
    const first = await ssoSignIn(server.app, idp, 'idp', 'peggy');
    const session = sessionOf(first)!;
    const call = caller(server.app, session);
    const only = await call({ method: 'DELETE', url: '/api/account/sso/links/idp' });
    expect(only.statusCode).toBe(400);
    expect(only.json()).toEqual({ title: ONLY_WAY_TO_SIGN_IN, status: 400 });

    const second = await ssoSignIn(server.app, idp, 'oauth', 'peggy', {
      query: '?mode=link',
      session,
    });
    expect(String(second.headers.location)).toBe('/account/profile?sso_linked=oauth');
    expect((await call({ method: 'DELETE', url: '/api/account/sso/links/idp' })).statusCode).toBe(
      200,
    );
    const missing = await call({ method: 'DELETE', url: '/api/account/sso/links/idp' });
    expect(missing.statusCode).toBe(404);

    const withPassword = await createAccount(server.app);
    const passwordSession = await logInSession(withPassword.userName);
    await ssoSignIn(server.app, idp, 'idp', 'trent', {
      query: '?mode=link',
      session: passwordSession,
    });
    const unlink = await caller(
      server.app,
      passwordSession,
    )({
      method: 'DELETE',
      url: '/api/account/sso/links/idp',
    });
    expect(unlink.statusCode).toBe(200);
  });

  it('in single-sign-on-only mode refuses password sign-up but keeps password sign-in', async () => {
    await setAccountPolicy(server.app, { ssoOnly: true });
    const register = await server.anonymous({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'walter', password: PASSWORD, email: 'walter@example.org' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ title: SSO_ONLY, status: 400 });
    const options = await server.anonymous({ method: 'GET', url: '/api/account/sso' });
    expect(options.json().passwordSignUp).toBe(false);
    const existing = await createAccount(server.app);
    await logIn(server.app, existing.userName);
    expect((await ssoSignIn(server.app, idp, 'idp', 'victor')).headers.location).toBe('/');
  });

  it('keeps the single-sign-on-only setting when a save leaves it out', async () => {
    await setAccountPolicy(server.app, { ssoOnly: true });
    const saved = await admin({
      method: 'PUT',
      url: '/api/admin/config',
      payload: { accountPolicy: DEFAULT_POLICY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = await admin({ method: 'GET', url: '/api/admin/config' });
    expect(config.json().accountPolicy.ssoOnly).toBe(true);
  });

  async function logInSession(userName: string): Promise<string> {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName, password: PASSWORD },
    });
    return cookieOf(response, SESSION_COOKIE)!;
  }

  it('logs sign-ins and refusals for the admin log', async () => {
    await ssoSignIn(server.app, idp, 'idp', 'zoe');
    await ssoSignIn(server.app, idp, 'idp', 'zoe');
    await setAccountPolicy(server.app, { allowRegister: false });
    await ssoSignIn(server.app, idp, 'idp', 'yves');
    // The log store writes in the background: wait for the entries, not for a time.
    await vi.waitFor(
      async () => {
        const entries = await listLogs(server.app.db, { skip: 0, count: 200 });
        const messages = entries.map((e) => `${e.status} ${e.message}`);
        expect(messages).toEqual(
          expect.arrayContaining([
            'Success User zoe registered with idp',
            'Success User zoe signed in with idp',
            'Failed Failed single sign-on with idp: no account made: RegistrationClosed',
          ]),
        );
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});
