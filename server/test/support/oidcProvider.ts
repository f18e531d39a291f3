// A real OpenID provider for the single sign-on tests (issue 26): `oidc-provider` (a certified
// implementation) on a free port of 127.0.0.1, with its own login and consent pages
// (devInteractions: any login name signs in, the password is not checked) and two confidential
// clients: `vexil` (client_secret_basic, for the OpenID Connect kind) and `vexil-oauth2`
// (client_secret_post, for the plain OAuth 2 kind, which reads `/me` as its user-info endpoint).
// Used by the server tests and by the e2e journey (e2e/playerSignsInWithSso.spec.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims, type ClientMetadata } from 'oidc-provider';

/** Who the provider knows: `alice` (verified e-mail) and `bob` (unverified); any other login
 *  is a user with a verified `<login>@idp.test`. */
export const TEST_USERS: Record<string, Omit<AccountClaims, 'sub'>> = {
  alice: {
    email: 'alice@idp.test',
    email_verified: true,
    preferred_username: 'alice',
    name: 'Alice Liddell',
  },
  bob: {
    email: 'bob@idp.test',
    email_verified: false,
    preferred_username: 'bob',
    name: 'Bob Builder',
  },
};

export const OIDC_CLIENT = { id: 'vexil', secret: 'vexil-test-secret' };
export const OAUTH2_CLIENT = { id: 'vexil-oauth2', secret: 'vexil-oauth2-test-secret' };

export interface TestIdentityProvider {
  /** `http://127.0.0.1:<port>`: the issuer and discovery base. */
  readonly issuer: string;
  /**
   * Goes through the provider's real pages as a browser would: follows the authorisation URL,
   * signs in as `login`, consents, and answers the URL the provider sends the browser back to
   * (the redirect URI with `code`, `state` and `iss`). Each call is a new browser (no session).
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

function claimsOf(login: string): AccountClaims {
  return {
    sub: login,
    ...(TEST_USERS[login] ?? {
      email: `${login}@idp.test`,
      email_verified: true,
      preferred_username: login,
      name: login,
    }),
  };
}

/** Starts the provider; `redirectUris` are the callback URLs its clients may use. */
export async function startTestIdentityProvider(
  redirectUris: string[],
): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (
    id: string,
    secret: string,
    method: ClientMetadata['token_endpoint_auth_method'],
  ): ClientMetadata => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: method,
  });
  const provider = new Provider(issuer, {
    clients: [
      client(OIDC_CLIENT.id, OIDC_CLIENT.secret, 'client_secret_basic'),
      client(OAUTH2_CLIENT.id, OAUTH2_CLIENT.secret, 'client_secret_post'),
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    cookies: { keys: ['vexil-test-identity-provider'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOf(id) }),
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | null = null;
    for (let step = 0; step < 20; step++) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        body: form ?? undefined,
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      form = null;
      const location = response.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`The provider answered ${response.status}: ${html}`);
      url = new URL(action, url);
      form = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        form.set('login', login);
        form.set('password', 'any password');
      }
    }
    throw new Error('The provider did not send the browser back');
  }

  return {
    issuer,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
