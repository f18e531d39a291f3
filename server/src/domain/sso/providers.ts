/**
 * Single sign-on providers (issue 26): their model, defaults, the checks of an administrator's
 * input, and the providers of the environment (`VEXIL_SSO_PROVIDERS`). Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';

type Schemas = components['schemas'];
export type SsoProviderKind = Schemas['SsoProviderKind'];
export type SsoFieldMapping = Schemas['SsoFieldMapping'];
export type SsoProviderInput = Schemas['SsoProviderInput'];
export type SsoProviderModel = Schemas['SsoProviderModel'];

export interface SsoProvider {
  id: string;
  name: string;
  kind: SsoProviderKind;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  mapping: SsoFieldMapping;
  enabled: boolean;
  fromEnvironment: boolean;
  /** Changes with every edit: cached discovery results are keyed by it. */
  version: string;
}

export const DEFAULT_MAPPING: SsoFieldMapping = {
  subject: 'sub',
  userName: 'preferred_username',
  email: 'email',
  emailVerified: 'email_verified',
  displayName: 'name',
};

export const DEFAULT_SCOPES: Record<SsoProviderKind, string> = {
  OpenIdConnect: 'openid email profile',
  OAuth2: '',
};

export const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Why the provider's settings cannot work, or null. */
export function providerProblem(
  p: Omit<SsoProvider, 'version' | 'fromEnvironment'>,
): string | null {
  if (!PROVIDER_ID.test(p.id))
    return 'A provider id is 1 to 32 lower-case letters, digits or hyphens';
  if (!p.name.trim()) return 'A provider needs a name';
  if (!p.clientId.trim()) return 'A provider needs a client id';
  if (p.kind === 'OpenIdConnect') {
    if (!isHttpUrl(p.issuer))
      return 'An OpenID Connect provider needs its issuer URL (http or https)';
  } else {
    for (const [name, url] of [
      ['authorisation endpoint', p.authorizationEndpoint],
      ['token endpoint', p.tokenEndpoint],
      ['user-info endpoint', p.userInfoEndpoint],
    ] as const) {
      if (!isHttpUrl(url)) return `An OAuth 2 provider needs its ${name} URL (http or https)`;
    }
    if (p.issuer && !isHttpUrl(p.issuer)) return 'The issuer must be an http or https URL';
  }
  if (!p.mapping.subject.trim()) return 'The field mapping needs the subject field';
  return null;
}

/** The provider an administrator's input describes (`secret`: the stored one, kept when the input
 *  leaves it out). */
export function providerFromInput(
  input: SsoProviderInput,
  id: string,
  secret: string,
): Omit<SsoProvider, 'version' | 'fromEnvironment'> {
  return {
    id,
    name: input.name.trim(),
    kind: input.kind,
    issuer: input.issuer?.trim() ?? '',
    authorizationEndpoint: input.authorizationEndpoint?.trim() ?? '',
    tokenEndpoint: input.tokenEndpoint?.trim() ?? '',
    userInfoEndpoint: input.userInfoEndpoint?.trim() ?? '',
    clientId: input.clientId.trim(),
    clientSecret: input.clientSecret ?? secret,
    scopes: input.scopes?.trim() || DEFAULT_SCOPES[input.kind],
    mapping: input.mapping ?? DEFAULT_MAPPING,
    enabled: input.enabled,
  };
}

/** What administrators see: everything but the secret. */
export function providerModel(p: SsoProvider): SsoProviderModel {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    issuer: p.issuer,
    authorizationEndpoint: p.authorizationEndpoint,
    tokenEndpoint: p.tokenEndpoint,
    userInfoEndpoint: p.userInfoEndpoint,
    clientId: p.clientId,
    hasClientSecret: p.clientSecret !== '',
    scopes: p.scopes,
    mapping: p.mapping,
    enabled: p.enabled,
    fromEnvironment: p.fromEnvironment,
  };
}

/**
 * `VEXIL_SSO_PROVIDERS`: a JSON array of providers, each with the fields of `SsoProviderInput`
 * (`id`, `name`, `kind`, `issuer` or the three endpoints, `clientId`, `clientSecret`, optional
 * `scopes`, `mapping` and `enabled`). A mistake stops the start with the reason.
 */
export function providersFromEnvironment(raw: string | undefined): SsoProvider[] {
  if (!raw?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('VEXIL_SSO_PROVIDERS must be a JSON array of providers');
  }
  if (!Array.isArray(parsed))
    throw new Error('VEXIL_SSO_PROVIDERS must be a JSON array of providers');
  const seen = new Set<string>();
  return parsed.map((entry: Record<string, unknown>, index) => {
    const text = (key: string) => (typeof entry?.[key] === 'string' ? (entry[key] as string) : '');
    const kind = text('kind') || 'OpenIdConnect';
    if (kind !== 'OpenIdConnect' && kind !== 'OAuth2')
      throw new Error(`VEXIL_SSO_PROVIDERS[${index}].kind must be OpenIdConnect or OAuth2`);
    const mapping = { ...DEFAULT_MAPPING, ...(entry?.mapping as Partial<SsoFieldMapping>) };
    const provider = providerFromInput(
      {
        id: text('id'),
        name: text('name') || text('id'),
        kind,
        issuer: text('issuer'),
        authorizationEndpoint: text('authorizationEndpoint'),
        tokenEndpoint: text('tokenEndpoint'),
        userInfoEndpoint: text('userInfoEndpoint'),
        clientId: text('clientId'),
        clientSecret: text('clientSecret'),
        scopes: text('scopes'),
        mapping,
        enabled: entry?.enabled !== false,
      },
      text('id'),
      '',
    );
    const problem = providerProblem(provider);
    if (problem) throw new Error(`VEXIL_SSO_PROVIDERS[${index}]: ${problem}`);
    if (seen.has(provider.id))
      throw new Error(`VEXIL_SSO_PROVIDERS: the id ${provider.id} is used twice`);
    seen.add(provider.id);
    return { ...provider, fromEnvironment: true, version: 'environment' };
  });
}
