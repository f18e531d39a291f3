/**
 * The Vexil server as a Fastify instance, a tree of plugins registered in this order:
 *
 *   foundation  the app's inputs (`app.config`, `app.db`…), the graceful stop, the metrics
 *   external    compression, security headers, cookies, multipart bodies, WebSocket
 *   services    every service as a decorator (`app.settings`, `app.scoreboards`…)
 *   guards      validators, the error handler, CSRF, the caller's session
 *   routes      the spec's operations, docs, health, metrics, favicon, hubs, the web client
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDependencies } from './services/plugins/appInputs.js';
import { externalPlugins } from './app/external.js';
import { foundation } from './app/foundation.js';
import { guards } from './app/guards.js';
import { routes } from './app/routes.js';
import { services } from './app/services.js';

export type { AppDependencies } from './services/plugins/appInputs.js';

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, logger } = deps;
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: !config.requestLogging }),
    return503OnClosing: true,
  });
  await app.register(foundation, deps);
  await app.register(externalPlugins);
  await app.register(services, deps);
  await app.register(guards);
  await app.register(routes);
  return app;
}
