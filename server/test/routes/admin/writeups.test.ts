import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { expect, it } from 'vitest';
import { findParticipationById } from '#server/db/repositories/participations.js';
import { signIn } from '../../support/app.js';
import { createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { filePart, playingTeam, samplePdf } from '../game/support.js';

/** Reads a .tar.gz into { entry name: content }. */
async function readArchive(data: Buffer): Promise<Record<string, string>> {
  const extract = tar.extract();
  const files: Record<string, string> = {};
  Readable.from(data).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    files[entry.header.name] = Buffer.concat(chunks).toString();
  }
  return files;
}

describeEachDatabase('writeups for admins', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('lists submitted writeups newest first and downloads them all as tar.gz', async () => {
    const game = await createGame(server.app, { writeupRequired: true, title: 'Final Round' });
    const [first, second] = [
      await playingTeam(server.app, game),
      await playingTeam(server.app, game),
    ];
    await playingTeam(server.app, game); // no writeup
    for (const [team, text] of [
      [first, 'first team'],
      [second, 'second team'],
    ] as const) {
      const response = await team.call({
        method: 'POST',
        url: `/api/game/${game.id}/writeup`,
        ...filePart(samplePdf(text), 'w.pdf', 'application/pdf'),
      });
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = await admin({ method: 'GET', url: `/api/admin/writeups/${game.id}` });
    expect(list.statusCode).toBe(200);
    const stored = [
      (await findParticipationById(server.app.db, second.registration.id))!,
      (await findParticipationById(server.app.db, first.registration.id))!,
    ];
    expect(list.json()).toEqual(
      [second, first].map((team, i) => ({
        id: team.registration.id,
        team: {
          id: team.team.id,
          name: team.team.name,
          bio: '',
          avatar: null,
          locked: true,
          personal: false,
          members: null,
        },
        url: `/assets/${stored[i].writeupHash}/${stored[i].writeupName}`,
        uploadTimeUtc: stored[i].writeupTime,
      })),
    );

    const archive = await admin({ method: 'GET', url: `/api/admin/writeups/${game.id}/all` });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/gzip');
    const disposition = String(archive.headers['content-disposition']);
    const match = /filename="(Writeups-Final Round-\d{8}-\d\d\.\d\d\.\d\dZ)\.tar\.gz"/.exec(
      disposition,
    );
    expect(match, disposition).not.toBeNull();
    const files = await readArchive(archive.rawPayload);
    expect(files).toEqual({
      [`${match![1]}/${stored[0].writeupName}`]: samplePdf('second team').toString(),
      [`${match![1]}/${stored[1].writeupName}`]: samplePdf('first team').toString(),
    });
  });

  it('gives an empty archive and list for a game without writeups; 404 for no game', async () => {
    const game = await createGame(server.app);
    const list = await admin({ method: 'GET', url: `/api/admin/writeups/${game.id}` });
    expect(list.json()).toEqual([]);
    const archive = await admin({ method: 'GET', url: `/api/admin/writeups/${game.id}/all` });
    expect(await readArchive(archive.rawPayload)).toEqual({});
    for (const url of ['/api/admin/writeups/999999', '/api/admin/writeups/999999/all']) {
      const missing = await admin({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });
    }
    const user = await signIn(server.app, 'User');
    expect((await user({ method: 'GET', url: `/api/admin/writeups/${game.id}` })).statusCode).toBe(
      403,
    );
  });
});
