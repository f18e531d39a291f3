/**
 * The Vexil server as a Fastify instance: plugins (cookies, CSRF, session, uploads, rate limits),
 * then every operation of the spec, then docs, health and the web client.
 */
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import { installErrorHandler } from './http/errorHandler.js';
import { authPlugin, type SessionLookup } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { registerDocs } from './plugins/docs.js';
import { registerSecurityHeaders } from './plugins/securityHeaders.js';
import { registerFavicon } from './plugins/favicon.js';
import { registerHealth } from './plugins/health.js';
import { registerMetrics, registerMetricsRoute } from './plugins/metrics.js';
import { createRateLimiters } from './plugins/rateLimits.js';
import { createLoginThrottle } from './services/loginThrottle.js';
import { registerWeb } from './plugins/web.js';
import { hubsPlugin } from './plugins/hubs/index.js';
import { closeWebSockets } from './plugins/hubs/shutdown.js';
import { registerGracefulStop } from './plugins/gracefulStop.js';
import { tcpProxyPlugin } from './plugins/tcpProxy.js';
import { handlers, socketHandlers } from './routes/index.js';
import { registerOperations } from './routes/registerOperations.js';
import { sessionsFor } from './services/sessions.js';
import { clusterEventsFor } from './services/clusterEventsRedis.js';
import type { LogStore } from './services/logStore.js';
import { deploymentDefaults, SettingsService } from './services/settings.js';
import { registerContainers } from './services/containers/setup.js';
import { FileService } from './services/files.js';
import { LocalRealtimeBus, type RealtimeBus } from './services/realtime.js';
import { redisRealtimeBus } from './services/realtimeRedis.js';
import { databaseNamespace, sourceIdentity } from './services/scoreboard/redisStore.js';
import { registerScoreboards } from './services/scoreboard/setup.js';
import { LocalBlobStore } from './services/blobStore.js';
import { FlagChecker } from './services/flagChecker.js';
import { submissionClaimsFor } from './services/cluster/submissionClaimsFor.js';
import { registerCluster } from './services/cluster/setup.js';
import { sharedSettingsCache } from './services/cluster/sharedSettings.js';
import { join } from 'node:path';
import { compileParamValidator, compileRequestBodyValidator } from './spec/validators.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    database: Database;
    logStore: LogStore;
    settings: SettingsService;
    files: FileService;
    realtime: RealtimeBus;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  logStore: LogStore;
  logger: Logger;
  /** Override how session cookies are resolved (tests); defaults to the sessions table. */
  lookupSession?: SessionLookup;
}

/** Largest upload any operation accepts; per-operation limits come from the spec. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Largest WebSocket message any endpoint accepts (the proxy's; hubs refuse more than 64 KiB). */
const MAX_WEBSOCKET_MESSAGE_BYTES = 16 * 1024 * 1024;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, logStore, logger } = deps;
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    logController: new LogController({ disableRequestLogging: !config.requestLogging }),
    return503OnClosing: true,
  });

  app.decorate('config', config);
  // Before every other hook: a request arriving during a stop gets 503 and nothing else.
  registerGracefulStop(app, config.shutdownTimeoutSeconds * 1000);
  registerMetrics(app);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('logStore', logStore);
  app.decorate(
    'settings',
    new SettingsService(
      database.db,
      deploymentDefaults(config.containers),
      sharedSettingsCache(() => app.clusterEvents),
    ),
  );
  app.decorate(
    'files',
    new FileService(database.db, new LocalBlobStore(join(config.dataDir, 'files'))),
  );
  app.decorate<RealtimeBus>(
    'realtime',
    config.redisUrl ? redisRealtimeBus(app, config.redisUrl) : new LocalRealtimeBus(),
  );
  // Instances on one database share caches, boards and invalidations: name them by it.
  const deployment = databaseNamespace(sourceIdentity(database.source));
  app.decorate('clusterEvents', clusterEventsFor(app, deployment));
  registerCluster(app, database, deployment);
  registerScoreboards(app, database);

  const flagChecker = new FlagChecker(
    {
      db: database.db,
      realtime: app.realtime,
      scoreboards: app.scoreboards,
      metrics: app.metrics ?? undefined,
    },
    {
      workers: config.flagCheckWorkers || undefined,
      onError: (ids, failures, error) => {
        // An outage of the database is logged once, by its health; the checks wait for it.
        if (database.health.failed(error)) return;
        // Any other failure: say so at 1, 2, 4, 8… failures.
        if ((failures & (failures - 1)) !== 0) return;
        const what =
          ids.length > 0
            ? `check submissions ${ids.join(', ')}`
            : 'claim the unchecked submissions';
        app.log.error({ err: error }, `Could not ${what} (${failures} times); retrying`);
      },
      claims: submissionClaimsFor(app, database),
      singleInstance: database.dialect === 'sqlite',
    },
  );
  app.decorate('flagChecker', flagChecker);
  registerContainers(app);
  app.addHook('onReady', () => flagChecker.start());
  const forgetRecovery = database.health.onRecovered(() => flagChecker.resume());
  app.addHook('onClose', () => {
    forgetRecovery();
    return flagChecker.stop();
  });

  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? compileRequestBodyValidator(schema as Record<string, unknown>)
      : compileParamValidator(schema as Record<string, unknown>),
  );
  installErrorHandler(app);

  // Compresses answers the client accepts compressed (JSON, sheets…); built bundles are served
  // pre-compressed by the web plugin. Brotli at a quality that costs little CPU per request.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(csrfPlugin);
  app.decorate('sessions', sessionsFor(app, deps.lookupSession));
  await app.register(authPlugin, { lookup: app.sessions.lookup });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 20, parts: 40 },
  });

  // One WebSocket server for the app, before any route: proxy operations and hubs both use it.
  await app.register(websocket, {
    options: { maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES },
    preClose: closeWebSockets,
  });
  await app.register(tcpProxyPlugin);

  const limits = await createRateLimiters(
    app,
    config.rateLimit,
    config.redisUrl
      ? {
          redisUrl: config.redisUrl,
          namespace: deployment,
        }
      : undefined,
  );
  // Failed sign-ins are counted per account, shared like the rate-limit counters.
  const loginCounters = config.redisUrl
    ? { redisUrl: config.redisUrl, namespace: deployment }
    : undefined;
  app.decorate('loginThrottle', createLoginThrottle(app, config.loginLimit, loginCounters));
  registerOperations(app, handlers, limits, socketHandlers);
  await registerDocs(app);
  await registerHealth(app);
  registerMetricsRoute(app);
  await registerFavicon(app);
  await app.register(hubsPlugin, { rateLimit: limits?.global });
  await registerWeb(app, config.webDir);
  return app;
}
