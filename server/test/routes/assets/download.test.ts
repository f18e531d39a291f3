import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('GET /assets/{hash}/{filename}', (getDb) => {
  const server = useTestApp(getDb);

  it('serves stored bytes with the recorded type under the requested name', async () => {
    const file = await server.app.files.store(Buffer.from('hello, players'), 'notes.txt');
    const response = await server.app.inject({
      method: 'GET',
      url: `/assets/${file.hash}/题解 notes.txt`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('hello, players');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E9%A2%98%E8%A7%A3%20notes.txt",
    );
    expect(response.headers['etag']).toBe(`"${file.hash.slice(8, 16)}"`);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.headers['last-modified']).toBeDefined();

    const byStoredName = await server.app.inject({
      method: 'GET',
      url: `/assets/${file.hash}/blob`,
    });
    expect(byStoredName.headers['content-type']).toMatch(/^text\/plain/);
    const untyped = await server.app.files.store(Buffer.from('raw bytes'), 'data');
    const unknownType = await server.app.inject({
      method: 'GET',
      url: `/assets/${untyped.hash}/blob`,
    });
    expect(unknownType.headers['content-type']).toBe('application/octet-stream');
  });

  it('answers 304 when the client copy is current', async () => {
    const file = await server.app.files.store(Buffer.from('cache me'), 'c.bin');
    const first = await server.app.inject({ method: 'GET', url: `/assets/${file.hash}/c.bin` });
    const byTag = await server.app.inject({
      method: 'GET',
      url: `/assets/${file.hash}/c.bin`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await server.app.inject({
      method: 'GET',
      url: `/assets/${file.hash}/c.bin`,
      headers: { 'if-modified-since': first.headers['last-modified'] as string },
    });
    expect(byDate.statusCode).toBe(304);
  });

  it('answers 404 for unknown content and 400 for a malformed hash', async () => {
    const missing = await server.app.inject({
      method: 'GET',
      url: `/assets/${'0'.repeat(64)}/x.txt`,
    });
    expect(missing.statusCode).toBe(404);
    const upper = await server.app.inject({
      method: 'GET',
      url: `/assets/${'A'.repeat(64)}/x.txt`,
    });
    expect(upper.statusCode).toBe(400);
  });

  it('keeps content while referenced and removes it with the last reference', async () => {
    const data = Buffer.from(`shared ${Math.random()}`);
    const first = await server.app.files.store(data, 'one.txt');
    const second = await server.app.files.store(data, 'two.txt');
    expect(second.hash).toBe(first.hash);
    expect(second.referenceCount).toBe(2);
    expect((await findFileByHash(server.app.db, first.hash))?.name).toBe('two.txt');

    expect(await server.app.files.release(first.hash)).toBe('kept');
    expect(
      (await server.app.inject({ method: 'GET', url: `/assets/${first.hash}/a.txt` })).statusCode,
    ).toBe(200);
    expect(await server.app.files.release(first.hash)).toBe('deleted');
    expect(
      (await server.app.inject({ method: 'GET', url: `/assets/${first.hash}/a.txt` })).statusCode,
    ).toBe(404);
    expect(await server.app.files.blobs.open(first.hash)).toBeNull();
  });
});
