/**
 * Vexil as a relying party, on `openid-client`: the provider's configuration (discovered for
 * OpenID Connect, from the settings for OAuth 2), the authorisation URL with state, nonce and PKCE,
 * and the callback's checks, code exchange and user information.
 *
 * `http:` issuers and endpoints are allowed (`allowInsecureRequests`) only because a provider
 * configured with an `http:` URL asks for it, as the tests' provider on 127.0.0.1 does; `https:`
 * providers are held to TLS.
 */
import * as client from 'openid-client';
import { identityFromClaims, type ExternalIdentity } from '../../domain/sso/identity.js';
import type { SsoProvider } from '../../domain/sso/providers.js';

const TIMEOUT_SECONDS = 10;
const CACHE_MS = 10 * 60_000;

/** Discovered configurations per provider settings, so a sign-in does not discover again. */
const configurations = new Map<string, { at: number; config: Promise<client.Configuration> }>();

const cacheKey = (p: SsoProvider) =>
  JSON.stringify([p.id, p.version, p.kind, p.issuer, p.clientId, p.clientSecret, p.tokenEndpoint]);

function isInsecure(p: SsoProvider): boolean {
  const urls =
    p.kind === 'OpenIdConnect'
      ? [p.issuer]
      : [p.authorizationEndpoint, p.tokenEndpoint, p.userInfoEndpoint];
  return urls.some((url) => url.startsWith('http:'));
}

async function build(p: SsoProvider): Promise<client.Configuration> {
  const execute = isInsecure(p) ? [client.allowInsecureRequests] : [];
  let config: client.Configuration;
  if (p.kind === 'OpenIdConnect') {
    const discovered = await client.discovery(
      new URL(p.issuer),
      p.clientId,
      p.clientSecret,
      undefined,
      {
        execute,
        timeout: TIMEOUT_SECONDS,
      },
    );
    // The token endpoint's default client authentication is HTTP Basic; use POST only when the
    // provider says it does not take Basic.
    const metadata = discovered.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported;
    const basic = !methods || methods.includes('client_secret_basic');
    config = new client.Configuration(
      metadata,
      p.clientId,
      p.clientSecret,
      basic ? client.ClientSecretBasic(p.clientSecret) : client.ClientSecretPost(p.clientSecret),
    );
  } else {
    config = new client.Configuration(
      {
        issuer: p.issuer || new URL(p.authorizationEndpoint).origin,
        authorization_endpoint: p.authorizationEndpoint,
        token_endpoint: p.tokenEndpoint,
        userinfo_endpoint: p.userInfoEndpoint,
      },
      p.clientId,
      p.clientSecret,
      client.ClientSecretPost(p.clientSecret),
    );
  }
  for (const run of execute) run(config);
  config.timeout = TIMEOUT_SECONDS;
  return config;
}

/** The provider's configuration; a failed discovery is not kept. */
export function configurationOf(p: SsoProvider, now = Date.now()): Promise<client.Configuration> {
  const key = cacheKey(p);
  const cached = configurations.get(key);
  if (cached && now - cached.at < CACHE_MS) return cached.config;
  const config = build(p);
  configurations.set(key, { at: now, config });
  config.catch(() => configurations.delete(key));
  return config;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Where to send the browser, with fresh state, nonce and PKCE (S256) values. */
export async function startAuthorization(
  p: SsoProvider,
  redirectUri: string,
): Promise<AuthorizationStart> {
  const config = await configurationOf(p);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (p.scopes) parameters.scope = p.scopes;
  if (p.kind === 'OpenIdConnect') parameters.nonce = nonce;
  return { url: client.buildAuthorizationUrl(config, parameters), state, nonce, codeVerifier };
}

export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Checks the provider's answer (state; for OpenID Connect the ID token and its nonce), exchanges
 * the code with the PKCE verifier and reads the user. Throws on any failure; null when the
 * provider's answers have no subject.
 */
export async function finishAuthorization(
  p: SsoProvider,
  redirectUri: string,
  callbackQuery: string,
  checks: CallbackChecks,
): Promise<ExternalIdentity | null> {
  const config = await configurationOf(p);
  const current = new URL(redirectUri);
  current.search = callbackQuery;
  // A plain OAuth 2 provider set up without an issuer cannot have its `iss` checked: the
  // per-provider callback path already tells providers apart.
  if (p.kind === 'OAuth2' && !p.issuer) current.searchParams.delete('iss');
  const tokens = await client.authorizationCodeGrant(
    config,
    current,
    {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
      ...(p.kind === 'OpenIdConnect' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
    },
    { redirect_uri: redirectUri },
  );
  let claims: Record<string, unknown>;
  if (p.kind === 'OpenIdConnect') {
    const idToken = tokens.claims();
    if (!idToken) return null;
    claims = { ...idToken };
    if (config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...claims, ...info };
    }
  } else {
    const response = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(p.userInfoEndpoint),
      'GET',
      undefined,
      new Headers({ accept: 'application/json', 'user-agent': 'Vexil' }),
    );
    if (!response.ok) throw new Error(`The user-info endpoint answered ${response.status}`);
    claims = (await response.json()) as Record<string, unknown>;
  }
  return identityFromClaims(claims, p.mapping);
}
