// The real app on a test database, and callers signed in as each role. Every app made here checks
// its answers against the spec (responseCheck.ts). Most suites use the harness (harness.ts) instead.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '#server/config.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { createUser } from '#server/db/repositories/users.js';
import type { Role } from '#server/db/tables/accounts.js';
import { createServer } from '#server/server.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { XSRF_COOKIE, XSRF_HEADER } from '#server/plugins/csrf.js';
import { buildNewUser } from './builders.js';
import { checkResponsesAgainstSpec } from './responseCheck.js';
import type { TestDatabase } from './databases.js';

export const TEST_XSRF = 'test-xsrf-token';

/** Test configuration: rate limits off, quiet logs, no web client; override per test. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    VEXIL_DATA: mkdtempSync(join(tmpdir(), 'vexil-data-')),
    VEXIL_RATE_LIMIT: 'off',
    // With a Redis server in the environment, every test app uses it (cache and live bus).
    REDIS_URL: process.env.REDIS_URL ?? '',
    VEXIL_LOG_LEVEL: 'silent',
    VEXIL_WEB_DIR: '/nonexistent-vexil-web',
    // A Start request waits for its container this long (not the deployment's 5 s), so container
    // suites see `Running` however slow the machine; the queue suites ask for less.
    VEXIL_CONTAINER_START_WAIT: '120',
    ...env,
  });
}

export async function createTestApp(
  database: TestDatabase,
  config: Config = testConfig(),
  /** Adds test-only routes before the app starts. */
  setup?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = await createServer(config, { database });
  app.addHook('onClose', () => rm(config.dataDir, { recursive: true, force: true }));
  checkResponsesAgainstSpec(app);
  setup?.(app);
  await app.ready();
  return app;
}

export type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A caller that sends the XSRF pair and, when given, a session cookie. */
export function caller(app: FastifyInstance, session?: string): Caller {
  return (options) =>
    app.inject({
      ...options,
      cookies: {
        [XSRF_COOKIE]: TEST_XSRF,
        ...(session ? { [SESSION_COOKIE]: session } : {}),
        ...(options.cookies ?? {}),
      },
      headers: { [XSRF_HEADER]: TEST_XSRF, ...(options.headers ?? {}) },
    });
}

/** Creates a user with the role and returns a caller signed in as them. */
export async function signIn(app: FastifyInstance, role: Role): Promise<Caller> {
  const user = await createUser(app.db, buildNewUser({ role }));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return caller(app, token);
}
