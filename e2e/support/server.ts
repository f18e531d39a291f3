// A real Vexil server on a free loopback port with a fresh SQLite database and the built client.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/src/config.js';
import { createServer } from '../../server/src/server.js';
import { isStale, WEB_INPUTS } from '../../scripts/staleness.mjs';

const root = join(import.meta.dirname, '..', '..');
export const ADMIN_PASSWORD = 'E2e-Admin-Pass1';

function ensureWebBuild(): string {
  const webDir = join(root, 'build', 'web');
  if (isStale(root, 'build/web/index.html', WEB_INPUTS)) {
    // A production bundle, rebuilt when the sources are newer, as `npm start` serves (the test runner's NODE_ENV=test would not be).
    execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return webDir;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-e2e-'));
  const config = loadConfig({
    PORT: '0',
    VEXIL_HOST: '127.0.0.1',
    VEXIL_DATA: dataDir,
    VEXIL_WEB_DIR: ensureWebBuild(),
    VEXIL_LOG_LEVEL: 'silent',
    VEXIL_RATE_LIMIT: 'off',
    VEXIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    // A Start waits for its container this long (not the deployment's 5 s), so journeys see it
    // running however slow the machine; the start queue's journey asks for less.
    VEXIL_CONTAINER_START_WAIT: '120',
    ...env,
  });
  const app = await createServer(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    async stop() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
