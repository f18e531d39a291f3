// Answers go out compressed when the client accepts it: built bundles from the `.br`/`.gz` files
// the build writes (scripts/vite-precompress.ts), everything else compressed on the fly.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '#scripts/vite-precompress.js';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../support/app.js';
import { startWebApp, type WebApp } from '../support/webApp.js';

describe('compression', () => {
  let web: WebApp;
  let webDir: string;
  let app: FastifyInstance;
  const bundle = `export const words = ${JSON.stringify('flag '.repeat(2000))};\n`;

  beforeAll(async () => {
    web = await startWebApp(async (dir) => {
      await mkdir(join(dir, 'static'));
      await writeFile(join(dir, 'static', 'app-abc123.js'), bundle);
      await writeFile(join(dir, 'static', 'tiny.js'), 'export {};\n');
      expect(await precompressDirectory(dir)).toBe(1);
    });
    ({ app, webDir } = web);
  });

  afterAll(() => web.close());

  it('writes .br and .gz siblings for text assets above 1 KiB only', async () => {
    const brotli = await readFile(join(webDir, 'static', 'app-abc123.js.br'));
    expect(brotliDecompressSync(brotli).toString()).toBe(bundle);
    const gzip = await readFile(join(webDir, 'static', 'app-abc123.js.gz'));
    expect(gunzipSync(gzip).toString()).toBe(bundle);
    await expect(readFile(join(webDir, 'static', 'tiny.js.br'))).rejects.toThrow();
  });

  it('serves a bundle pre-compressed, as brotli or gzip, with long caching', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/static/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await app.inject({
      method: 'GET',
      url: '/static/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await app.inject({ method: 'GET', url: '/static/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('compresses API answers on the fly when they are large enough', async () => {
    const admin = await signIn(app, 'Admin');
    const spec = await admin({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(spec.rawPayload).toString()).openapi).toMatch(/^3\./);

    const small = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});
