/** The single sign-on providers of a deployment: the environment's, then the console's. */
import type { FastifyInstance } from 'fastify';
import { findStoredProvider, listStoredProviders } from '../../db/repositories/sso.js';
import type { SsoProvider } from '../../domain/sso/providers.js';

type App = Pick<FastifyInstance, 'config' | 'db'>;

export async function allProviders(app: App): Promise<SsoProvider[]> {
  const fromEnvironment = app.config.ssoProviders;
  const ids = new Set(fromEnvironment.map((p) => p.id));
  const stored = (await listStoredProviders(app.db)).filter((p) => !ids.has(p.id));
  return [...fromEnvironment, ...stored].sort((a, b) => a.id.localeCompare(b.id));
}

export async function findProvider(app: App, id: string): Promise<SsoProvider | null> {
  return app.config.ssoProviders.find((p) => p.id === id) ?? (await findStoredProvider(app.db, id));
}

/** An enabled provider of this id, or null. */
export async function enabledProvider(app: App, id: string): Promise<SsoProvider | null> {
  const provider = await findProvider(app, id);
  return provider?.enabled ? provider : null;
}
