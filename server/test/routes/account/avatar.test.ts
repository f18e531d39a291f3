import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findUserById } from '#server/db/repositories/users.js';
import { caller, type Caller } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount, logIn, profileOf } from './support.js';

const png = (width: number, height: number, background = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describeEachDatabase('PUT /api/account/avatar', (getDb) => {
  const server = useTestApp(getDb);

  const upload = async (call: Caller, file: Buffer) => {
    const response = await call({
      method: 'PUT',
      url: '/api/account/avatar',
      ...multipart({}, { file }),
    });
    return response;
  };
  const hashOf = (url: string) => /^\/assets\/([0-9a-f]{64})\/avatar$/.exec(url)?.[1] ?? '';

  it('stores a 300 px WebP, answers its URL and shows it in the profile', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const response = await upload(session, await png(900, 600));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const url = response.json() as string;
    expect(hashOf(url)).not.toBe('');
    expect((await profileOf(session)).json().avatar).toBe(url);
    const image = await caller(server.app)({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 200]);
    expect((await findFileByHash(server.app.db, hashOf(url)))?.name).toBe('avatar.webp');
  });

  it('re-encodes a GIF as GIF and releases the previous avatar', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const first = hashOf((await upload(session, await png(40, 40, '#ff0000'))).json());
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const second = hashOf((await upload(session, gif)).json());
    expect(await findFileByHash(server.app.db, first)).toBeNull();
    const stored = await findFileByHash(server.app.db, second);
    expect(stored).toMatchObject({ name: 'avatar.gif', contentType: 'image/gif' });
    const served = await caller(server.app)({ method: 'GET', url: `/assets/${second}/avatar` });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.length).toBe(stored?.size);
    expect((await findUserById(server.app.db, user.id))?.avatarHash).toBe(second);
  });

  it('refuses an empty file and a file that is not an image with 400', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    for (const file of [Buffer.alloc(0), Buffer.from('<svg onload="alert(1)"/>')]) {
      const response = await upload(session, file);
      expect(response.statusCode).toBe(400);
    }
    expect((await findUserById(server.app.db, user.id))?.avatarHash).toBeNull();
  });

  it('refuses a missing file with 400 and a file over 3 MiB with 413', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const missing = await session({ method: 'PUT', url: '/api/account/avatar', ...multipart({}) });
    expect(missing.statusCode).toBe(400);
    const big = await upload(session, Buffer.alloc(3 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
  });

  it('answers 401 signed out and 415 to a JSON body', async () => {
    const anonymous = await upload(caller(server.app), await png(10, 10));
    expect(anonymous.statusCode).toBe(401);
    const user = await createAccount(server.app);
    const json = await (
      await logIn(server.app, user.userName)
    )({ method: 'PUT', url: '/api/account/avatar', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('releases every replaced image exactly once when uploads race', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
    const images = await Promise.all(colours.map((c) => png(40, 40, c)));
    const responses = await Promise.all(images.map((image) => upload(session, image)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const hashes = responses.map((r) => hashOf(r.json()));
    const current = (await findUserById(server.app.db, user.id))?.avatarHash;
    expect(hashes).toContain(current);
    for (const hash of hashes) {
      const file = await findFileByHash(server.app.db, hash);
      if (hash === current) expect(file?.referenceCount).toBe(1);
      else expect(file).toBeNull();
    }
  });
});
