// Helpers of the single sign-on tests: providers set up through the admin API against the test
// identity provider, and a browser's way through start → provider pages → callback.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { SSO_COOKIE } from '#server/routes/account/ssoFlow.js';
import { DEFAULT_MAPPING } from '#server/domain/sso/providers.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { caller, type Caller } from '../../support/app.js';
import {
  OAUTH2_CLIENT,
  OIDC_CLIENT,
  type TestIdentityProvider,
} from '../../support/oidcProvider.js';

/** The site's public origin in these tests (`VEXIL_PUBLIC_URL`): callbacks are made from it. */
export const SITE = 'http://vexil.test';

/** `idp` and `idp2`: OpenID Connect; `oauth`: plain OAuth 2 naming its issuer; `oauth-plain`:
 *  plain OAuth 2 without one (its `iss` is not checked). */
export const PROVIDER_IDS = ['idp', 'idp2', 'oauth', 'oauth-plain'] as const;
export type TestProviderId = (typeof PROVIDER_IDS)[number];

export const callbackUri = (id: string) => `${SITE}/api/account/sso/${id}/callback`;
/** The callbacks the test provider accepts: the providers above and `no-mail` (an OAuth 2
 *  provider whose mapping finds no e-mail). */
export const redirectUris = () => [...PROVIDER_IDS, 'no-mail'].map(callbackUri);

export function providerInput(idp: TestIdentityProvider, id: TestProviderId) {
  if (id === 'idp' || id === 'idp2')
    return {
      id,
      name: id === 'idp' ? 'Test University' : 'Second Provider',
      kind: 'OpenIdConnect' as const,
      issuer: idp.issuer,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
      enabled: true,
    };
  return {
    id,
    name: id === 'oauth' ? 'Plain OAuth' : 'Plain OAuth without issuer',
    kind: 'OAuth2' as const,
    issuer: id === 'oauth' ? idp.issuer : '',
    authorizationEndpoint: `${idp.issuer}/auth`,
    tokenEndpoint: `${idp.issuer}/token`,
    userInfoEndpoint: `${idp.issuer}/me`,
    clientId: OAUTH2_CLIENT.id,
    clientSecret: OAUTH2_CLIENT.secret,
    scopes: 'openid email profile',
    mapping: { ...DEFAULT_MAPPING, userName: 'preferred_username', displayName: 'name' },
    enabled: true,
  };
}

export async function addProviders(admin: Caller, idp: TestIdentityProvider): Promise<void> {
  for (const id of PROVIDER_IDS) {
    const response = await admin({
      method: 'POST',
      url: '/api/admin/sso/providers',
      payload: providerInput(idp, id),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name && c.value !== '')?.value;

export const locationOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location), SITE);
};

export interface Started {
  response: LightMyRequestResponse;
  /** The provider's authorisation URL. */
  url: URL;
  browser: string;
}

/** GET start (with the session of `session`, if any); expects a redirect to the provider. */
export async function startSso(
  app: FastifyInstance,
  provider: string,
  query = '',
  session?: string,
): Promise<Started> {
  const response = await caller(
    app,
    session,
  )({
    method: 'GET',
    url: `/api/account/sso/${provider}/start${query}`,
  });
  const url = locationOf(response);
  const browser = cookieOf(response, SSO_COOKIE);
  expect(browser, 'the vexil_sso cookie').toBeDefined();
  return { response, url, browser: browser! };
}

/** GET the callback the provider sent the browser to. */
export function callback(
  app: FastifyInstance,
  url: URL,
  cookies: { browser?: string; session?: string } = {},
  path = url.pathname,
) {
  return app.inject({
    method: 'GET',
    url: `${path}${url.search}`,
    cookies: {
      ...(cookies.browser ? { [SSO_COOKIE]: cookies.browser } : {}),
      ...(cookies.session ? { [SESSION_COOKIE]: cookies.session } : {}),
    },
  });
}

/** The whole way: start, the provider's pages as `login`, and the callback. */
export async function ssoSignIn(
  app: FastifyInstance,
  idp: TestIdentityProvider,
  provider: string,
  login: string,
  options: { query?: string; session?: string } = {},
) {
  const started = await startSso(app, provider, options.query, options.session);
  const back = await idp.authorize(started.url.href, login);
  return callback(app, back, { browser: started.browser, session: options.session });
}
