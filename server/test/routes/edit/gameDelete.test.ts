import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { findGame } from '#server/db/repositories/games.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('deleting games and writeups', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  /** A game with a poster, a local challenge attachment, a flag attachment and a writeup. */
  async function furnishedGame() {
    const game = await createGame(server.app);
    const { files } = server.app;
    const poster = await files.store(Buffer.from(`poster ${game.id}`), 'poster.webp');
    await server.app.db
      .updateTable('games')
      .set({ poster_hash: poster.hash })
      .where('id', '=', game.id)
      .execute();
    const upload = await files.store(Buffer.from(`attachment ${game.id}`), 'a.txt');
    const challenge = await createChallenge(server.app, game.id);
    const set = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}/attachment`,
      payload: { attachmentType: 'Local', fileHash: upload.hash },
    });
    expect(set.statusCode).toBe(200);
    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
    });
    const flagFile = await files.store(Buffer.from(`flag file ${game.id}`), 'f.txt');
    await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/challenges/${dynamic.id}/flags`,
      payload: [{ flag: 'flag{x}', attachmentType: 'Local', fileHash: flagFile.hash }],
    });
    const team = await createTeamWithMembers(server.app);
    const registration = await joinAndAccept(server.app, game, team);
    const writeup = await files.store(Buffer.from(`writeup ${game.id}`), 'w.pdf');
    await server.app.db
      .updateTable('participations')
      .set({ writeup_hash: writeup.hash, writeup_name: 'w.pdf', writeup_size: 10, writeup_time: 1 })
      .where('id', '=', registration.id)
      .execute();
    // The uploads' own references go, so only the game holds the files.
    await files.release(upload.hash);
    await files.release(flagFile.hash);
    return { game, hashes: [poster.hash, upload.hash, flagFile.hash, writeup.hash] };
  }

  it('deletes the game with everything in it and releases its files', async () => {
    const { game, hashes } = await furnishedGame();
    for (const hash of hashes) expect(await findFileByHash(server.app.db, hash)).not.toBeNull();

    const response = await admin({ method: 'DELETE', url: `/api/edit/games/${game.id}` });
    expect(response.statusCode).toBe(200);
    expect(await findGame(server.app.db, game.id)).toBeNull();
    for (const hash of hashes) expect(await findFileByHash(server.app.db, hash)).toBeNull();
    const left = await server.app.db
      .selectFrom('challenges')
      .select('id')
      .where('game_id', '=', game.id)
      .execute();
    expect(left).toEqual([]);
    const again = await admin({ method: 'DELETE', url: `/api/edit/games/${game.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('deletes every writeup of a game', async () => {
    const { game, hashes } = await furnishedGame();
    const writeupHash = hashes[3];
    const response = await admin({ method: 'DELETE', url: `/api/edit/games/${game.id}/writeups` });
    expect(response.statusCode).toBe(200);
    expect(await findFileByHash(server.app.db, writeupHash)).toBeNull();
    const rows = await server.app.db
      .selectFrom('participations')
      .select('writeup_hash')
      .where('game_id', '=', game.id)
      .execute();
    expect(rows.every((row) => row.writeup_hash === null)).toBe(true);
    const missing = await admin({ method: 'DELETE', url: '/api/edit/games/999999/writeups' });
    expect(missing.statusCode).toBe(404);
  });
});
