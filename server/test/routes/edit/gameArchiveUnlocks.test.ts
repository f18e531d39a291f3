// Prerequisites and timed release in game archives (issue 25): exported with the challenges
// (prerequisites by position in the archive), imported onto the new challenge ids and checked
// like an organiser's save; an archive without them (older ones) imports as before.
import { expect, it } from 'vitest';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { makeZip, readZip } from '../../support/zipArchives.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('unlock settings in game archives', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const json = async (method: string, url: string, payload?: unknown): Promise<Json> => {
    const response = await admin({ method: method as 'GET', url, payload: payload as Json });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.body ? response.json() : {};
  };
  const importArchive = (archive: Buffer) =>
    admin({ method: 'POST', url: '/api/edit/games/import', ...multipart({}, { file: archive }) });

  it('exports prerequisites by position and imports them onto the new ids', async () => {
    const game = await json('POST', '/api/edit/games', {
      title: 'Chained',
      start: 1_800_000_000_000,
      end: 1_800_086_400_000,
    });
    const base = `/api/edit/games/${game.id}/challenges`;
    const a = await json('POST', base, { title: 'A' });
    const b = await json('POST', base, { title: 'B' });
    const c = await json('POST', base, { title: 'C' });
    await json('PUT', `${base}/${b.id}`, { prerequisites: [a.id], showWhenLocked: true });
    await json('PUT', `${base}/${c.id}`, {
      prerequisites: [a.id, b.id],
      prerequisiteCount: 1,
      unlockScore: 250,
      releaseTime: 1_800_001_000_000,
      releaseNotice: true,
    });

    const exported = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/export` });
    expect(exported.statusCode).toBe(200);
    const manifest = JSON.parse((await readZip(exported.rawPayload)).get('game.json')!.toString());
    expect(manifest.challenges.map((x: Json) => x.prerequisites)).toEqual([undefined, [0], [0, 1]]);
    expect(manifest.challenges[2].settings).toMatchObject({
      prerequisiteCount: 1,
      unlockScore: 250,
      releaseTime: 1_800_001_000_000,
      showWhenLocked: false,
      releaseNotice: true,
    });
    expect(manifest.challenges[2].settings).not.toHaveProperty('prerequisites');

    const imported = await importArchive(exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json() as Json;
    const list = (await json('GET', `/api/edit/games/${copy.id}/challenges`)) as unknown as Json[];
    const id = (title: string) => list.find((x) => x.title === title)!.id as number;
    expect(id('A')).not.toBe(a.id);
    expect(list.find((x) => x.title === 'A')).not.toHaveProperty('unlock');
    expect(list.find((x) => x.title === 'B')!.unlock).toMatchObject({
      prerequisites: [id('A')],
      showWhenLocked: true,
    });
    expect(list.find((x) => x.title === 'C')!.unlock).toEqual({
      prerequisites: [id('A'), id('B')],
      prerequisiteCount: 1,
      unlockScore: 250,
      releaseTime: 1_800_001_000_000,
      showWhenLocked: false,
      releaseNotice: true,
    });
  });

  const archiveOf = (challenges: Json[]) =>
    makeZip({
      'game.json': JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Hand-made', start: 1_800_000_000_000, end: 1_800_086_400_000 },
        challenges: challenges.map((challenge) => ({
          type: 'StaticAttachment',
          flags: [],
          ...challenge,
        })),
      }),
    });

  it('imports an archive without unlock settings, and refuses a cycle or a position out of range', async () => {
    const older = await importArchive(
      await archiveOf([{ settings: { title: 'One' } }, { settings: { title: 'Two' } }]),
    );
    expect(older.statusCode, older.body).toBe(200);
    const list = (await json(
      'GET',
      `/api/edit/games/${(older.json() as Json).id}/challenges`,
    )) as unknown as Json[];
    expect(list.map((x) => x.unlock)).toEqual([undefined, undefined]);

    const games = async () =>
      (await server.app.db.selectFrom('games').select('id').execute()).length;
    const before = await games();
    const cyclic = await importArchive(
      await archiveOf([
        { settings: { title: 'One' }, prerequisites: [1] },
        { settings: { title: 'Two' }, prerequisites: [0] },
      ]),
    );
    expect(cyclic.statusCode).toBe(400);
    expect(cyclic.json()).toMatchObject({
      title: 'challenges/1: Prerequisites would make a cycle: "Two" → "One" → "Two"',
    });
    const outside = await importArchive(
      await archiveOf([{ settings: { title: 'One' }, prerequisites: [5] }]),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      title: 'challenges/0: prerequisites name no challenge of the archive: 5',
    });
    expect(await games()).toBe(before);
  });
});
