import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const BOUNDARY = '----vexil-assets-boundary';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A multipart body with one `files` part per entry, each with its own file name. */
function filesBody(files: Array<{ name: string; data: Buffer }>) {
  const parts: Buffer[] = [];
  for (const { name, data } of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describeEachDatabase('/api/assets', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const upload = async (files: Array<{ name: string; data: Buffer }>, query = '') => {
    const response = await admin({
      method: 'POST',
      url: `/api/assets${query}`,
      ...filesBody(files),
    });
    return response;
  };

  it('stores each non-empty part under its name and serves the same bytes', async () => {
    const text = Buffer.from(`hello ${Math.random()}`);
    const other = Buffer.from(`other ${Math.random()}`);
    const response = await upload([
      { name: 'hello.txt', data: text },
      { name: 'empty.txt', data: Buffer.alloc(0) },
      { name: 'other.bin', data: other },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { hash: sha256(text), name: 'hello.txt' },
      { hash: sha256(other), name: 'other.bin' },
    ]);
    const served = await server.app.inject({
      method: 'GET',
      url: `/assets/${sha256(text)}/hello.txt`,
    });
    expect(served.rawPayload).toEqual(text);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    const anyName = await server.app.inject({
      method: 'GET',
      url: `/assets/${sha256(text)}/whatever`,
    });
    expect(anyName.rawPayload).toEqual(text);
  });

  it('uses the filename query for every file and counts repeated content', async () => {
    const data = Buffer.from(`same ${Math.random()}`);
    await upload([{ name: 'a.txt', data }]);
    const response = await upload([{ name: 'b.txt', data }], '?filename=renamed.txt');
    expect(response.json()).toEqual([{ hash: sha256(data), name: 'renamed.txt' }]);
    expect(await findFileByHash(server.app.db, sha256(data))).toMatchObject({
      name: 'renamed.txt',
      referenceCount: 2,
    });
  });

  it('deletes one reference at a time, then the file', async () => {
    const data = Buffer.from(`delete me ${Math.random()}`);
    const hash = sha256(data);
    await upload([{ name: 'd.txt', data }]);
    await upload([{ name: 'd.txt', data }]);
    const remove = async () => {
      const response = await admin({ method: 'DELETE', url: `/api/assets/${hash}` });
      return response;
    };
    expect((await remove()).statusCode).toBe(200);
    expect(await findFileByHash(server.app.db, hash)).toMatchObject({ referenceCount: 1 });
    expect((await remove()).statusCode).toBe(200);
    expect(await findFileByHash(server.app.db, hash)).toBeNull();
    expect(
      (await server.app.inject({ method: 'GET', url: `/assets/${hash}/d.txt` })).statusCode,
    ).toBe(404);
    expect((await remove()).statusCode).toBe(404);
  });

  it('drops a record whose content is missing and answers 404', async () => {
    const data = Buffer.from(`vanished ${Math.random()}`);
    const hash = sha256(data);
    await upload([{ name: 'v.txt', data }]);
    await upload([{ name: 'v.txt', data }]);
    await server.app.files.blobs.remove(hash);
    const response = await admin({ method: 'DELETE', url: `/api/assets/${hash}` });
    expect(response.statusCode).toBe(404);
    expect(await findFileByHash(server.app.db, hash)).toBeNull();
  });

  it('is for admins only', async () => {
    const user = await signIn(server.app, 'User');
    const response = await user({
      method: 'POST',
      url: '/api/assets',
      ...filesBody([{ name: 'x', data: Buffer.from('x') }]),
    });
    expect(response.statusCode).toBe(403);
  });
});
