import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('challenge attachments and flags', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const path = (gameId: number, cId: number) => `/api/edit/games/${gameId}/challenges/${cId}`;
  const detail = async (gameId: number, cId: number) =>
    (await admin({ method: 'GET', url: path(gameId, cId) })).json();
  const setAttachment = async (gameId: number, cId: number, body: Record<string, unknown>) => {
    const response = await admin({
      method: 'POST',
      url: `${path(gameId, cId)}/attachment`,
      payload: body,
    });
    return response;
  };
  const references = async (hash: string) =>
    (await findFileByHash(server.app.db, hash))?.referenceCount;

  it('links a local file with a reference, replaces and removes it', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const file = await server.app.files.store(Buffer.from('challenge file'), 'chall.zip');

    const linked = await setAttachment(game.id, challenge.id, {
      attachmentType: 'Local',
      fileHash: file.hash,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.body).toBe('');
    expect(await references(file.hash)).toBe(2);
    expect((await detail(game.id, challenge.id)).attachment).toMatchObject({
      type: 'Local',
      url: `/assets/${file.hash}/chall.zip`,
      fileSize: 14,
    });

    await setAttachment(game.id, challenge.id, {
      attachmentType: 'Remote',
      remoteUrl: 'https://example.com/x.zip',
    });
    expect(await references(file.hash)).toBe(1);
    expect((await detail(game.id, challenge.id)).attachment).toMatchObject({
      type: 'Remote',
      url: 'https://example.com/x.zip',
      fileSize: null,
    });

    await setAttachment(game.id, challenge.id, { attachmentType: 'None' });
    expect((await detail(game.id, challenge.id)).attachment).toBeNull();
    expect(
      await server.app.db
        .selectFrom('attachments')
        .selectAll()
        .where('remote_url', '=', 'https://example.com/x.zip')
        .execute(),
    ).toEqual([]);
  });

  it('gives an unknown hash null url and size', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    await setAttachment(game.id, challenge.id, {
      attachmentType: 'Local',
      fileHash: 'a'.repeat(64),
    });
    expect((await detail(game.id, challenge.id)).attachment).toMatchObject({
      type: 'Local',
      url: null,
      fileSize: null,
    });
  });

  it('refuses a shared attachment on a dynamic attachment challenge', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { type: 'DynamicAttachment' });
    const response = await setAttachment(game.id, challenge.id, { attachmentType: 'None' });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toBe('Use assets API to upload attachments');
    expect((await setAttachment(game.id, 999999, {})).statusCode).toBe(404);
  });

  it('refuses a remote URL that is not http(s), for the shared attachment and for flags', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const pool = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
    });
    const title = 'A remote attachment URL must be an http:// or https:// address';
    for (const remoteUrl of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '//evil.example/x',
      'files/x.zip',
      'http://',
      '',
      null,
    ]) {
      const shared = await setAttachment(game.id, challenge.id, {
        attachmentType: 'Remote',
        remoteUrl,
      });
      expect(shared.statusCode, String(remoteUrl)).toBe(400);
      expect(shared.json()).toEqual({ title, status: 400 });
      const flags = await admin({
        method: 'POST',
        url: `${path(game.id, pool.id)}/flags`,
        payload: [{ flag: 'flag{ok}' }, { flag: 'flag{x}', attachmentType: 'Remote', remoteUrl }],
      });
      expect(flags.statusCode, String(remoteUrl)).toBe(400);
      expect(flags.json().title).toBe(title);
    }
    expect((await detail(game.id, challenge.id)).attachment).toBeNull();
    expect((await detail(game.id, pool.id)).flags).toEqual([]);
    for (const remoteUrl of ['http://example.com/a', 'HTTPS://example.com/b.zip']) {
      expect(
        (await setAttachment(game.id, challenge.id, { attachmentType: 'Remote', remoteUrl }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('adds flags with their own attachments and removes them, disabling at the last', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
    });
    const file = await server.app.files.store(Buffer.from('team file'), 'team.bin');
    const added = await admin({
      method: 'POST',
      url: `${path(game.id, challenge.id)}/flags`,
      payload: [
        { flag: 'flag{one}', attachmentType: 'Local', fileHash: file.hash },
        { flag: 'flag{two}', attachmentType: 'Remote', remoteUrl: 'https://example.com/2' },
        { flag: 'flag{two}' },
      ],
    });
    expect(added.statusCode).toBe(200);
    expect(await references(file.hash)).toBe(2);

    const enabled = await admin({
      method: 'PUT',
      url: path(game.id, challenge.id),
      payload: { isEnabled: true },
    });
    expect(enabled.json().isEnabled).toBe(true);
    const flags = enabled.json().flags;
    expect(flags.map((f: { flag: string }) => f.flag)).toEqual([
      'flag{one}',
      'flag{two}',
      'flag{two}',
    ]);
    expect(flags[0].attachment).toMatchObject({
      url: `/assets/${file.hash}/team.bin`,
      fileSize: 9,
    });
    expect(flags[1].attachment).toMatchObject({ type: 'Remote', url: 'https://example.com/2' });
    expect(flags[2].attachment).toBeNull();

    const remove = (flagId: number) =>
      admin({ method: 'DELETE', url: `${path(game.id, challenge.id)}/flags/${flagId}` });
    const first = await remove(flags[0].id);
    expect(first.json()).toBe('Success');
    expect(await references(file.hash)).toBe(1);
    expect((await remove(flags[0].id)).statusCode).toBe(404);
    await remove(flags[1].id);
    expect((await detail(game.id, challenge.id)).isEnabled).toBe(true);
    await remove(flags[2].id);
    expect((await detail(game.id, challenge.id)).isEnabled).toBe(false);
  });

  it('refuses an empty flag list and blank flags', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const add = (payload: unknown) =>
      admin({
        method: 'POST',
        url: `${path(game.id, challenge.id)}/flags`,
        payload: payload as object,
      });
    expect((await add([])).statusCode).toBe(400);
    expect((await add([{ flag: ' ' }])).statusCode).toBe(400);
    expect((await add([{ flag: 'x'.repeat(128) }])).statusCode).toBe(400);
  });

  it('releases the attachment files when the challenge is deleted', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
    });
    const shared = await createChallenge(server.app, game.id);
    const file = await server.app.files.store(Buffer.from('shared by both'), 's.bin');
    await admin({
      method: 'POST',
      url: `${path(game.id, challenge.id)}/flags`,
      payload: [{ flag: 'f', attachmentType: 'Local', fileHash: file.hash }],
    });
    await setAttachment(game.id, shared.id, { attachmentType: 'Local', fileHash: file.hash });
    expect(await references(file.hash)).toBe(3);
    await admin({ method: 'DELETE', url: path(game.id, challenge.id) });
    expect(await references(file.hash)).toBe(2);
    await admin({ method: 'DELETE', url: path(game.id, shared.id) });
    expect(await references(file.hash)).toBe(1);
  });
});
