// Uploads are never served as active content: images are re-encoded, every stored file is served
// with the type recorded at upload whatever name the link asks for, and as a sandboxed, unsniffed
// attachment (issue 13, finding 8).
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findUserById } from '#server/db/repositories/users.js';
import { type Caller } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  gifWithScript,
  pngWithScript,
  SCRIPT_PAYLOAD,
  SVG_WITH_SCRIPT,
} from '../../support/hostileImages.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { createAccount, logIn } from '../account/support.js';
import { teamWith } from '../team/support.js';

const ACTIVE_NAMES = ['x.js', 'x.html', 'x.svg'];
const hashIn = (url: string) => /^\/assets\/([0-9a-f]{64})\//.exec(url)?.[1] ?? '';

/** What every answer carrying an upload must say, whatever it carries. */
function expectUploadedContentHeaders(
  response: LightMyRequestResponse,
  type: string,
  name: string,
) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(type);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

describeEachDatabase('uploads are never served as active content', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const put = (call: Caller, url: string, file: Buffer) =>
    call({ method: 'PUT', url, ...multipart({}, { file }) });
  const get = (url: string) => server.app.inject({ method: 'GET', url });

  /** The stored image behind `url` is a decodable re-encoding without the payload, and every
   *  active name serves it with its recorded image type. */
  async function expectServedAsImage(url: string, sent: Buffer, type: string, extension: string) {
    const hash = hashIn(url);
    expect(await findFileByHash(server.app.db, hash)).toMatchObject({ contentType: type });
    const stored = await get(url);
    expect(stored.rawPayload.equals(sent)).toBe(false);
    expect(stored.rawPayload.includes(SCRIPT_PAYLOAD)).toBe(false);
    expect((await sharp(stored.rawPayload).metadata()).format).toBe(extension);
    for (const name of ACTIVE_NAMES) {
      const response = await get(`/assets/${hash}/${name}`);
      expectUploadedContentHeaders(response, type, `x.${extension}`);
      expect(response.rawPayload.equals(stored.rawPayload)).toBe(true);
    }
  }

  it('re-encodes a GIF avatar carrying a script and never serves it as script or page', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const gif = await gifWithScript(60, 40);
    const response = await put(session, '/api/account/avatar', gif);
    expect(response.statusCode).toBe(200);
    await expectServedAsImage(response.json(), gif, 'image/gif', 'gif');
  });

  it('re-encodes a PNG team avatar carrying a script as WebP, served as WebP', async () => {
    const { team, captain } = await teamWith(server.app);
    const png = await pngWithScript(90, 60);
    const response = await put(captain.call, `/api/team/${team.id}/avatar`, png);
    expect(response.statusCode).toBe(200);
    await expectServedAsImage(response.json(), png, 'image/webp', 'webp');
  });

  it('re-encodes a GIF game poster carrying a script', async () => {
    const game = (
      await admin({ method: 'POST', url: '/api/edit/games', payload: { title: 'p' } })
    ).json();
    const gif = await gifWithScript(60, 40);
    const response = await put(admin, `/api/edit/games/${game.id}/poster`, gif);
    expect(response.statusCode).toBe(200);
    await expectServedAsImage(response.json(), gif, 'image/gif', 'gif');
  });

  it('refuses SVG images everywhere with 400 and stores nothing', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const { team, captain } = await teamWith(server.app);
    const game = (
      await admin({ method: 'POST', url: '/api/edit/games', payload: { title: 's' } })
    ).json();
    const attempts: Array<[string, Caller, string, string]> = [
      ['accountUpdateAvatar', session, 'PUT', '/api/account/avatar'],
      ['teamUpdateAvatar', captain.call, 'PUT', `/api/team/${team.id}/avatar`],
      ['editUpdateGamePoster', admin, 'PUT', `/api/edit/games/${game.id}/poster`],
      ['adminUpdateLogo', admin, 'POST', '/api/admin/config/logo'],
    ];
    for (const [operation, call, method, url] of attempts) {
      const response = await call({
        method: method as 'PUT',
        url,
        ...multipart({}, { file: SVG_WITH_SCRIPT }),
      });
      expect(response.statusCode, operation).toBe(400);
      expect(response.json()).toEqual({ title: expect.any(String), status: 400 });
      expectMatchesSpec(operation, response);
    }
    expect((await findUserById(server.app.db, user.id))?.avatarHash).toBeNull();
    expect(
      (await server.app.db.selectFrom('files').selectAll().execute()).map((f) => f.name),
    ).not.toEqual(expect.arrayContaining([expect.stringMatching(/\.svg$/)]));
  });

  it("serves an organiser's page, image or script as bytes to download", async () => {
    const body = (name: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
            'Content-Type: text/html\r\n\r\n',
        ),
        data,
        Buffer.from('\r\n--b--\r\n'),
      ]);
    const page = Buffer.from(`<html><script>${SCRIPT_PAYLOAD}</script></html>`);
    for (const [name, data] of [
      ['page.html', page],
      ['icon.svg', SVG_WITH_SCRIPT],
      ['app.js', Buffer.from('alert(document.domain)')],
    ] as const) {
      const uploaded = await admin({
        method: 'POST',
        url: '/api/assets',
        payload: body(name, data),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
      expect(uploaded.statusCode).toBe(200);
      const [{ hash }] = uploaded.json();
      const served = await get(`/assets/${hash}/${name}`);
      expectUploadedContentHeaders(served, 'application/octet-stream', name);
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    // A text handout keeps its type, still as an attachment.
    const notes = await server.app.files.store(Buffer.from('read me'), 'notes.txt');
    const text = await get(`/assets/${notes.hash}/notes.txt`);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.headers['content-disposition']).toBe('attachment; filename="notes.txt"');
    expect(text.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a file stored before types were recorded as application/octet-stream', async () => {
    const old = await server.app.files.store(await gifWithScript(20, 20), 'avatar.gif');
    await server.app.db
      .updateTable('files')
      .set({ content_type: null })
      .where('hash', '=', old.hash)
      .execute();
    for (const name of ACTIVE_NAMES) {
      const response = await get(`/assets/${old.hash}/${name}`);
      expectUploadedContentHeaders(response, 'application/octet-stream', 'x.gif');
    }
  });
});
