/** `app.apiTokens`: who a personal API token belongs to, cached and forgotten on every instance. */
import { CachedApiTokens, type ApiTokens } from '../apiTokens/cachedApiTokens.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    apiTokens: ApiTokens;
  }
}

export const apiTokensPlugin = servicePlugin(
  'apiTokens',
  (app) => {
    const tokens = new CachedApiTokens(app.db, app.clusterEvents);
    app.addHook('onClose', async () => tokens.close());
    return tokens;
  },
  ['db', 'clusterEvents'],
);
