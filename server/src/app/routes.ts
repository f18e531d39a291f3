/**
 * Every route: the spec's operations (rate limits, roles, CSRF and validation before each
 * handler), the API documentation, health probes, metrics, favicon, hubs and the web client.
 */
import fp from 'fastify-plugin';
import { registerDocs } from '../plugins/docs.js';
import { registerFavicon } from '../plugins/favicon.js';
import { registerHealth } from '../plugins/health.js';
import { hubsPlugin } from '../plugins/hubs/index.js';
import { registerMetricsRoute } from '../plugins/metrics.js';
import { registerWeb } from '../plugins/web.js';
import { handlers, socketHandlers } from '../routes/index.js';
import { registerOperations } from '../routes/registerOperations.js';

export const routes = fp(
  async (app) => {
    registerOperations(app, handlers, app.rateLimits, socketHandlers);
    await registerDocs(app);
    await registerHealth(app);
    registerMetricsRoute(app);
    await registerFavicon(app);
    await app.register(hubsPlugin, { rateLimit: app.rateLimits?.global });
    await registerWeb(app, app.config.webDir);
  },
  { name: 'vexil-routes', dependencies: ['vexil-guards'] },
);
