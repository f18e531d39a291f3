/**
 * Route-table entries of the `ssoProviders` resource (`/api/admin/sso/providers`, issue 26): every
 * provider in one answer (paged here). The client secret is write-only: records never carry it,
 * and a save without a new one keeps the stored one.
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { Schemas } from '@/api/types';
import { pageLocally, type ResourceRoutes } from './kit';

type SsoProvider = Schemas['SsoProviderModel'];
type SsoProviderInput = Schemas['SsoProviderInput'];

/** What the form edits: the provider's settings and, when typed, a new secret. */
export type SsoProviderChanges = Partial<SsoProviderInput>;

/** The form's values as the API takes them (a blank secret: keep the stored one). */
export function ssoProviderBody(values: SsoProviderChanges, id?: Identifier): SsoProviderInput {
  const secret = values.clientSecret?.trim();
  return {
    id: String(id ?? values.id ?? ''),
    name: values.name ?? '',
    kind: values.kind ?? 'OpenIdConnect',
    issuer: values.issuer ?? '',
    authorizationEndpoint: values.authorizationEndpoint ?? '',
    tokenEndpoint: values.tokenEndpoint ?? '',
    userInfoEndpoint: values.userInfoEndpoint ?? '',
    clientId: values.clientId ?? '',
    clientSecret: secret ? secret : null,
    scopes: values.scopes ?? '',
    ...(values.mapping ? { mapping: values.mapping } : {}),
    enabled: values.enabled ?? true,
  };
}

const providerPath = (id: Identifier) => ({ params: { path: { provider: String(id) } } });

export const ssoProviderRoutes = {
  maxPageSize: 1000,
  list: async (page) => pageLocally(unwrap(await api.GET('/api/admin/sso/providers')), page),
  getOne: async (id) =>
    unwrap(await api.GET('/api/admin/sso/providers/{provider}', providerPath(id))),
  update: async (id, changes) =>
    unwrap(
      await api.PUT('/api/admin/sso/providers/{provider}', {
        ...providerPath(id),
        body: ssoProviderBody(changes, id),
      }),
    ),
  create: async (data) =>
    unwrap(await api.POST('/api/admin/sso/providers', { body: ssoProviderBody(data) })),
  delete: async (id) =>
    unwrap(await api.DELETE('/api/admin/sso/providers/{provider}', providerPath(id))),
} satisfies ResourceRoutes<SsoProvider, SsoProviderChanges, SsoProviderChanges>;
