import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FLAG_MARK_SVG } from '#server/plugins/favicon.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';

describe('built-in favicon', () => {
  it('is the mark of public/favicon.svg', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    expect(FLAG_MARK_SVG).toBe(readFileSync(join(root, 'public', 'favicon.svg'), 'utf8'));
  });
});

describeEachDatabase('GET /favicon.webp', (getDb) => {
  const server = useTestApp(getDb);

  it('serves the built-in mark as a 256 px WebP with an ETag', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/favicon.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers.etag).toMatch(/^"favicon-[0-9a-f]{8}"$/);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it('answers 304 when If-None-Match carries the current tag, 200 otherwise', async () => {
    const { etag } = (await server.app.inject({ method: 'GET', url: '/favicon.webp' })).headers;
    const fresh = await server.app.inject({
      method: 'GET',
      url: '/favicon.webp',
      headers: { 'if-none-match': `"other", W/${etag as string}` },
    });
    expect(fresh.statusCode).toBe(304);
    const stale = await server.app.inject({
      method: 'GET',
      url: '/favicon.webp',
      headers: { 'if-none-match': '"favicon-00000000"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('falls back to the built-in mark when the stored favicon is missing', async () => {
    const builtIn = (await server.app.inject({ method: 'GET', url: '/favicon.webp' })).headers.etag;
    await server.app.settings.save({ 'GlobalConfig.FaviconHash': 'e'.repeat(64) });
    const response = await server.app.inject({ method: 'GET', url: '/favicon.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(builtIn);
  });
});
