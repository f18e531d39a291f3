// A test app serving a small built web client from a temporary folder (an index page, plus what
// the test writes), on its own SQLite database; `close` removes all three.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testConfig } from './app.js';
import { openTestDatabase } from './databases.js';

export interface WebApp {
  app: FastifyInstance;
  webDir: string;
  close: () => Promise<void>;
}

export async function startWebApp(
  /** Writes more files into the web folder before the app starts. */
  prepare?: (webDir: string) => Promise<void>,
): Promise<WebApp> {
  const webDir = await mkdtemp(join(tmpdir(), 'vexil-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Vexil test</title>');
  await prepare?.(webDir);
  const database = await openTestDatabase('sqlite');
  const app = await createTestApp(database, testConfig({ VEXIL_WEB_DIR: webDir }));
  return {
    app,
    webDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(webDir, { recursive: true, force: true });
    },
  };
}
