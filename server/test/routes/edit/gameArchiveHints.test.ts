// Priced hints in game archives (issue 25): the game's hint policy and each challenge's priced
// hints are exported and imported; unlocks (event data) stay out; an archive without them (older
// ones) imports with none and the default policy.
import { expect, it } from 'vitest';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { makeZip, readZip } from '../../support/zipArchives.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('priced hints in game archives', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const json = async (method: string, url: string, payload?: unknown): Promise<Json> => {
    const response = await admin({ method: method as 'GET', url, payload: payload as Json });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.body ? response.json() : {};
  };
  const importArchive = (archive: Buffer) =>
    admin({ method: 'POST', url: '/api/edit/games/import', ...multipart({}, { file: archive }) });

  it('round-trips the policy and the priced hints', async () => {
    const game = await json('POST', '/api/edit/games', {
      title: 'Hinted',
      start: 1_800_000_000_000,
      end: 1_800_086_400_000,
      hintPolicy: 'OnSolve',
    });
    const base = `/api/edit/games/${game.id}/challenges`;
    const a = await json('POST', base, { title: 'A' });
    await json('POST', base, { title: 'B' });
    await json('POST', `${base}/${a.id}/hints`, { content: 'First', cost: 100 });
    await json('POST', `${base}/${a.id}/hints`, { content: 'Second' });

    const exported = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/export` });
    expect(exported.statusCode).toBe(200);
    const manifest = JSON.parse((await readZip(exported.rawPayload)).get('game.json')!.toString());
    expect(manifest.game.hintPolicy).toBe('OnSolve');
    expect(manifest.challenges.map((x: Json) => x.pricedHints)).toEqual([
      [
        { content: 'First', cost: 100 },
        { content: 'Second', cost: 0 },
      ],
      [],
    ]);

    const imported = await importArchive(exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json() as Json;
    expect(copy.hintPolicy).toBe('OnSolve');
    const list = (await json('GET', `/api/edit/games/${copy.id}/challenges`)) as unknown as Json[];
    const copyA = list.find((x) => x.title === 'A')!;
    const hints = (await json(
      'GET',
      `/api/edit/games/${copy.id}/challenges/${copyA.id}/hints`,
    )) as unknown as Json[];
    expect(hints.map(({ content, cost }) => ({ content, cost }))).toEqual([
      { content: 'First', cost: 100 },
      { content: 'Second', cost: 0 },
    ]);
  });

  it('imports an older archive without priced hints or policy', async () => {
    const archive = await makeZip({
      'game.json': JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Older', start: 1_800_000_000_000, end: 1_800_086_400_000 },
        challenges: [{ type: 'StaticAttachment', flags: [], settings: { title: 'Old' } }],
      }),
    });
    const imported = await importArchive(archive);
    expect(imported.statusCode, imported.body).toBe(200);
    const copy = imported.json() as Json;
    expect(copy.hintPolicy).toBe('AtUnlock');
    const [old] = (await json('GET', `/api/edit/games/${copy.id}/challenges`)) as unknown as Json[];
    expect(await json('GET', `/api/edit/games/${copy.id}/challenges/${old.id}/hints`)).toEqual([]);
  });

  it('refuses a priced hint with a negative cost and creates nothing', async () => {
    const archive = await makeZip({
      'game.json': JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Bad hints', start: 1_800_000_000_000, end: 1_800_086_400_000 },
        challenges: [
          {
            type: 'StaticAttachment',
            flags: [],
            settings: { title: 'X' },
            pricedHints: [{ content: 'x', cost: -1 }],
          },
        ],
      }),
    });
    const refused = await importArchive(archive);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 400 });
  });
});
