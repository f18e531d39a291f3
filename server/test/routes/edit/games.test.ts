import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findGame } from '#server/db/repositories/games.js';
import { gameSalt } from '#server/domain/flagTemplate.js';
import { sign, verify } from '#server/domain/teamToken.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();

describeEachDatabase('/api/edit/games', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const addGame = async (body: Record<string, unknown>) => {
    const response = await admin({ method: 'POST', url: '/api/edit/games', payload: body });
    return response;
  };

  it('creates a game with defaults, a key pair and ISO or epoch times', async () => {
    const response = await addGame({
      title: 'Spring CTF',
      start: '2030-01-01T00:00:00Z',
      end: Date.UTC(2030, 0, 2),
      poster: 'ignored',
      publicKey: 'ignored',
    });
    expect(response.statusCode).toBe(200);
    const game = response.json();
    expect(game).toMatchObject({
      title: 'Spring CTF',
      hidden: false,
      summary: '',
      acceptWithoutReview: false,
      inviteCode: null,
      divisions: null,
      teamMemberCountLimit: 0,
      containerCountLimit: 3,
      poster: null,
      practiceMode: true,
      start: Date.UTC(2030, 0, 1),
      end: Date.UTC(2030, 0, 2),
      bloodBonus: 52459530,
    });
    expect(Math.abs(game.writeupDeadline - Date.now())).toBeLessThan(60_000);
    const stored = await findGame(server.app.db, game.id);
    expect(stored?.publicKey).toBe(game.publicKey);
    expect(game).not.toHaveProperty('privateKey');
    expect(verify(game.publicKey, sign(stored!.privateKey, 7))).toBe(true);
  });

  it('replaces an invalid blood bonus by the default and keeps a valid one', async () => {
    const invalid = await addGame({ title: 'b', start: 0, end: 1, bloodBonus: 1001 * 2 ** 20 });
    expect(invalid.json().bloodBonus).toBe(52459530);
    const valid = await addGame({ title: 'b', start: 0, end: 1, bloodBonus: 314726450 });
    expect(valid.json().bloodBonus).toBe(314726450);
    const zero = await addGame({ title: 'b', start: 0, end: 1, bloodBonus: 0 });
    expect(zero.json().bloodBonus).toBe(0);
  });

  it('refuses a missing title and a long invite code', async () => {
    expect((await addGame({ start: 0, end: 1 })).statusCode).toBe(400);
    expect((await addGame({ title: 'x', inviteCode: 'x'.repeat(33) })).statusCode).toBe(400);
  });

  it('lists every game, hidden too, newest first, with the total', async () => {
    const a = (await addGame({ title: 'list a', hidden: true })).json();
    const b = (await addGame({ title: 'list b' })).json();
    const response = await admin({ method: 'GET', url: '/api/edit/games?count=2' });
    const page = response.json();
    expect(page.data.map((g: { id: number }) => g.id)).toEqual([b.id, a.id]);
    expect(page.length).toBe(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const all = (await admin({ method: 'GET', url: '/api/edit/games' })).json();
    expect(all.length).toBe(all.total);
    const skipped = (await admin({ method: 'GET', url: '/api/edit/games?count=1&skip=1' })).json();
    expect(skipped.data[0].id).toBe(a.id);
  });

  it('reads and updates a game; null divisions keep the list', async () => {
    const game = (
      await addGame({ title: 'u', start: 0, end: 1, divisions: ['A', 'B', 'A'] })
    ).json();
    expect(game.divisions).toEqual(['A', 'B']);
    const got = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
    expect(got.json()).toEqual(game);

    const put = (body: Record<string, unknown>) =>
      admin({ method: 'PUT', url: `/api/edit/games/${game.id}`, payload: body });
    const updated = await put({ ...game, title: 'renamed', divisions: null, inviteCode: 'code' });
    expect(updated.json()).toMatchObject({
      title: 'renamed',
      divisions: ['A', 'B'],
      inviteCode: 'code',
      publicKey: game.publicKey,
    });
    const replaced = await put({ title: 'renamed', divisions: ['C'], bloodBonus: 2 ** 40 });
    expect(replaced.json()).toMatchObject({ divisions: ['C'], bloodBonus: 52459530, start: 0 });

    const missing = await admin({ method: 'PUT', url: '/api/edit/games/999999', payload: game });
    expect(missing.statusCode).toBe(404);
    const unknown = await admin({ method: 'GET', url: '/api/edit/games/999999' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the Vexil hash salt of the game', async () => {
    const game = (await addGame({ title: 'salt' })).json();
    const response = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/hashsalt` });
    const stored = await findGame(server.app.db, game.id);
    expect(response.json()).toBe(gameSalt(stored!.privateKey));
  });

  it('stores a WebP poster and releases the previous one', async () => {
    const game = (await addGame({ title: 'poster' })).json();
    const upload = (data: Buffer) =>
      admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}/poster`,
        ...multipart({}, { file: data }),
      });

    const first = await upload(await png());
    expect(first.statusCode).toBe(200);
    const url: string = first.json();
    const hash = url.split('/')[2];
    expect(url).toBe(`/assets/${hash}/poster`);
    expect(await findFileByHash(server.app.db, hash)).toMatchObject({ name: 'poster.webp' });
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json().poster).toBe(
      url,
    );

    const other = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const second = await upload(other);
    expect(second.statusCode).toBe(200);
    const secondHash = second.json().split('/')[2];
    expect(await findFileByHash(server.app.db, secondHash)).toMatchObject({ name: 'poster.gif' });
    expect(await findFileByHash(server.app.db, hash)).toBeNull();
  });

  it('refuses an empty file, a non-image and an unknown game', async () => {
    const game = (await addGame({ title: 'bad poster' })).json();
    const upload = (id: number, data: Buffer) =>
      admin({
        method: 'PUT',
        url: `/api/edit/games/${id}/poster`,
        ...multipart({}, { file: data }),
      });
    const empty = await upload(game.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().title).toBe('Invalid file');
    const text = await upload(game.id, Buffer.from('not an image'));
    expect(text.statusCode).toBe(400);
    expect((await upload(999999, await png())).statusCode).toBe(404);
  });
});
