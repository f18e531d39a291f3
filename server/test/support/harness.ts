// The server test harness: one app per suite on the suite's database, callers signed in as each
// role the suite asks for, and the app closed after the suite. Every answer is checked against the
// spec (createTestApp installs the check).
//
//   describeEachDatabase('teams', (getDb) => {
//     const server = useTestApp(getDb);
//     const admin = server.as('Admin');
//     it('…', async () => {
//       const game = await createGame(server.app);
//       const response = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
//     });
//   });
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '#server/config.js';
import type { Role } from '#server/db/tables/accounts.js';
import { caller, createTestApp, signIn, testConfig, type Caller } from './app.js';
import type { TestDatabase } from './databases.js';

export interface TestAppOptions {
  /** The configuration (made when the suite starts); default `testConfig()`. */
  config?: () => Config;
  /** Adds test-only routes or hooks before the app starts. */
  setup?: (app: FastifyInstance) => void;
  /** Also listens on a free port of 127.0.0.1 (WebSocket and real HTTP clients); see `base`. */
  listen?: boolean;
}

export interface TestApp {
  /** The running app (from the suite's `beforeAll` on). */
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>` when started with `listen`. */
  readonly base: string;
  /** A caller with the XSRF pair and no session. */
  readonly anonymous: Caller;
  /**
   * A caller signed in as a user of the role, made once and kept for the suite: every
   * `as('Admin')` of a suite is the same admin. Asked for while the suite is declared, the user
   * is made before the suite's tests (in a `beforeAll` after the app's); asked for in a test, on
   * its first request.
   */
  as(role: Role): Caller;
}

/** Starts an app on `getDb()` before the suite's tests and closes it after them. */
export function useTestApp(getDb: () => TestDatabase, options: TestAppOptions = {}): TestApp {
  let started: FastifyInstance | undefined;
  let base: string | undefined;
  const signedIn = new Map<Role, Promise<Caller>>();
  beforeAll(async () => {
    started = await createTestApp(getDb(), options.config?.() ?? testConfig(), options.setup);
    if (options.listen) {
      await started.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(started.server.address() as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    await started?.close();
  });
  const app = () => {
    if (!started) throw new Error('The test app starts in beforeAll: use it inside a hook or test');
    return started;
  };
  return {
    get app() {
      return app();
    },
    get base() {
      if (!base) throw new Error('The test app listens only when started with `listen: true`');
      return base;
    },
    anonymous: (request) => caller(app())(request),
    as(role) {
      const signedInAs = () => {
        let call = signedIn.get(role);
        if (!call) {
          call = signIn(app(), role);
          signedIn.set(role, call);
        }
        return call;
      };
      // Asked for while the suite is declared: signed in before its tests, like a suite's own
      // beforeAll would, so a test counting accounts does not see it appear.
      if (!started) beforeAll(() => signedInAs().then(() => undefined));
      return async (request) => (await signedInAs())(request);
    },
  };
}

/**
 * For suites whose tests each need their own configuration: `start(config)` starts an app on
 * `getDb()` (several may run at once) and every app started is closed after the suite.
 */
export function useTestApps(
  getDb: () => TestDatabase,
): (config?: Config, setup?: TestAppOptions['setup']) => Promise<FastifyInstance> {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  return async (config = testConfig(), setup) => {
    const app = await createTestApp(getDb(), config, setup);
    apps.push(app);
    return app;
  };
}
