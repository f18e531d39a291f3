// A CTFd export made by CTFd 3.8.7 itself (server/test/fixtures/ctfd/) imported as a new hidden
// game, with the report of what did not map; bad exports refused with a clear title and nothing
// left behind.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { makeZip, readZip, renameEntry } from '../../support/zipArchives.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIXTURE = join(import.meta.dirname, '../../fixtures/ctfd');
const exportZip = readFileSync(join(FIXTURE, 'ctfd-3.8.7-export.zip'));

describeEachDatabase('CTFd import', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const importCtfd = (file: Buffer) =>
    admin({ method: 'POST', url: '/api/edit/games/import/ctfd', ...multipart({}, { file }) });
  const json = async (url: string): Promise<Json> => {
    const response = await admin({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const codes = (notes: Json[]) => notes.map((n) => n.code);

  it('imports the CTFd 3.8.7 export as a hidden game, reporting what did not map', async () => {
    const response = await importCtfd(exportZip);
    expect(response.statusCode, response.body).toBe(200);
    const { game, report } = response.json();
    expect(game).toMatchObject({
      title: 'Harbour CTF 2026 (imported)',
      hidden: true,
      acceptWithoutReview: false,
      content: 'fixture',
      teamMemberCountLimit: 4,
      // The fixture's `score_visibility` is `public` (issue 25).
      scoreVisibility: 'Public',
      // The fixture's `user_mode` is `teams` (issue 25).
      playMode: 'Teams',
    });
    expect(report).toMatchObject({ ctfdVersion: '3.8.7', ctfName: 'Harbour CTF 2026' });
    // The export sets no start or end: the game starts now and ends a week later, and says so.
    expect(codes(report.notes)).toEqual(['GameTimesDefaulted', 'TableNotImported']);
    expect(game.end - game.start).toBe(7 * 24 * 3600 * 1000);
    // What belongs to CTFd's event, not its game, is counted and named.
    expect(report.notes[1].params.tables).toBe(
      'users (4), teams (3), submissions (11), solves (10), awards (2), unlocks (1), pages (1), tokens (1), tracking (5)',
    );

    const byName = new Map<string, Json>(report.challenges.map((c: Json) => [c.name, c]));
    expect(report.challenges).toHaveLength(9);
    expect(report.challenges.every((c: Json) => Number.isInteger(c.challengeId))).toBe(true);
    const challenges = await json(`/api/edit/games/${game.id}/challenges`);
    expect(challenges.map((c: Json) => c.title).sort()).toEqual([...byName.keys()].sort());

    const detail = async (name: string) =>
      json(`/api/edit/games/${game.id}/challenges/${byName.get(name)!.challengeId}`);
    const notesOf = (name: string) => codes(byName.get(name)!.notes);

    // A standard challenge: its flag, its free hint, a flat score; "Intro" is not a Vexil category.
    const welcome = await detail('A Welcome aboard');
    expect(welcome).toMatchObject({
      category: 'Misc',
      isEnabled: true,
      originalScore: 50,
      minScoreRate: 1,
      hints: ['It is in the description.'],
      content: expect.stringContaining('The flag is in the description'),
    });
    expect(welcome.flags.map((f: Json) => f.flag)).toEqual(['flag{welcome}']);
    expect(notesOf('A Welcome aboard')).toEqual(['CategoryReplaced', 'TagsNotImported']);

    // Flags keep CTFd's matching: case-insensitive, and a regular expression on the whole answer.
    const shouting = await detail('A Shouting allowed');
    expect(shouting.flags.map((f: Json) => [f.flag, f.matchMode])).toEqual([
      ['FLAG{Case_Matters_Not}', 'CaseInsensitive'],
    ]);
    expect(notesOf('A Shouting allowed')).toEqual(['CategoryReplaced']);
    const hex = await detail('A Any hex will do');
    expect(hex.flags.map((f: Json) => [f.flag, f.matchMode])).toEqual([
      ['flag\\{[0-9a-f]{8}\\}', 'Regex'],
    ]);
    expect(hex.isEnabled).toBe(true);

    // The attempt limit, and costed hints as priced hints at CTFd's costs (issue 25).
    const strikes = await detail('A Three strikes');
    expect(strikes).toMatchObject({ maxAttempts: 3, hints: [] });
    expect(notesOf('A Three strikes')).toEqual([]);
    const pricedOf = async (name: string) =>
      (await json(
        `/api/edit/games/${game.id}/challenges/${byName.get(name)!.challengeId}/hints`,
      )) as unknown as Json[];
    expect((await pricedOf('A Three strikes')).map((h) => h.cost)).toEqual([100, 25]);
    expect((await pricedOf('A After the intro')).map((h) => h.cost)).toEqual([50]);

    // Prerequisites on the new ids: hidden while locked, or shown locked where CTFd anonymised it.
    const idOf = (name: string) => byName.get(name)!.challengeId;
    const chained = await detail('A After the intro');
    expect(chained).toMatchObject({ showWhenLocked: false, prerequisiteCount: 0 });
    expect([...chained.prerequisites].sort()).toEqual(
      [idOf('A Welcome aboard'), idOf('A Shouting allowed')].sort(),
    );
    const secret = await detail('A Secret stage');
    expect(secret).toMatchObject({
      showWhenLocked: true,
      prerequisites: [idOf('A Three strikes')],
    });
    expect(notesOf('A Secret stage')).toEqual(['LockedShownWithRequirements']);

    // Dynamic: the same initial value and floor, a decay constant fitted to CTFd's curve.
    const decaying = await detail('A Decaying');
    expect(decaying).toMatchObject({ category: 'Pwn', originalScore: 500, minScoreRate: 0.2 });
    expect(decaying.difficulty).toBeGreaterThan(1);
    const approximated = byName
      .get('A Decaying')!
      .notes.find((n: Json) => n.code === 'DynamicScoreApproximated');
    expect(approximated).toMatchObject({
      severity: 'Approximated',
      params: { function: 'logarithmic', initial: 500, minimum: 100, decay: 10 },
    });

    // A hidden challenge comes disabled; a challenge's two files come as one zip.
    expect((await detail('A Not yet')).isEnabled).toBe(false);
    expect(notesOf('A Not yet')).toContain('HiddenImportedDisabled');
    const withFiles = await detail('A Read the file');
    expect(withFiles.category).toBe('Forensics');
    expect(notesOf('A Read the file')).toEqual(['FilesBundled']);
    const bundle = await admin({ method: 'GET', url: withFiles.attachment.url });
    expect(bundle.statusCode).toBe(200);
    const inside = await readZip(bundle.rawPayload);
    const original = await readZip(exportZip);
    expect([...inside.keys()].sort()).toEqual(['capture.bin', 'notes.txt']);
    expect(inside.get('notes.txt')).toEqual(
      original.get('uploads/af1da5e49081cf077490adcaab5fabfd/notes.txt'),
    );
    expect(inside.get('capture.bin')).toEqual(
      original.get('uploads/4a620d49dee8d153a0758be52f008dc2/capture.bin'),
    );

    // Every note has a readable message; none is empty.
    for (const challenge of report.challenges) {
      for (const n of challenge.notes) expect(n.message.length).toBeGreaterThan(10);
    }
  });

  it('refuses what is not a CTFd export, with a clear title, and leaves nothing behind', async () => {
    const workRoot = join(server.app.config.dataDir, 'imports');
    const games = async () =>
      (await server.app.db.selectFrom('games').select('id').execute()).length;
    const before = await games();
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('no zip'), 'The file is not a zip archive'],
      [
        await makeZip({ 'db/flags.json': '{"count":0,"results":[]}' }),
        'This is not a CTFd export: it has no db/challenges.json',
      ],
      [await makeZip({ 'db/challenges.json': '{nope' }), 'db/challenges.json is not JSON'],
      [
        await makeZip({ 'db/challenges.json': '{"count":1}' }),
        'db/challenges.json is not a CTFd table (no "results" list)',
      ],
      [
        renameEntry(
          await makeZip({
            'db/challenges.json': '{"results":[]}',
            'uploads/aa/bb/etc/passwd': 'x',
          }),
          'uploads/aa/bb/etc/passwd',
          'uploads/../../etc/passwd',
        ),
        'The archive has an entry with a parent folder (..) in its path: uploads/../../etc/passwd',
      ],
    ];
    for (const [file, title] of cases) {
      const response = await importCtfd(file);
      expect(response.statusCode, title).toBe(400);
      expect(response.json()).toEqual({ title, status: 400 });
    }
    expect(await games()).toBe(before);
    const left = await readdir(workRoot).catch(() => []);
    expect(left).toEqual([]);
  });

  it('takes a minimal export: unknown challenge types and flag types are reported, not fatal', async () => {
    const table = (results: Json[]) => JSON.stringify({ count: results.length, results, meta: {} });
    const file = await makeZip({
      dbx: '',
      'db/challenges.json': table([
        {
          id: 1,
          name: 'Quiz',
          type: 'multiple_choice',
          value: 10,
          category: 'web',
          state: 'visible',
        },
        {
          id: 2,
          name: 'Plain',
          type: 'standard',
          value: 10,
          category: 'Reversing',
          state: 'visible',
        },
      ]),
      'db/flags.json': table([
        { id: 1, challenge_id: 2, type: 'static', content: 'flag{ok}', data: '' },
        { id: 2, challenge_id: 2, type: 'plugin_flag', content: 'x', data: '' },
        { id: 3, challenge_id: 2, type: 'static', content: `flag{${'a'.repeat(200)}}`, data: '' },
      ]),
      'db/config.json': table([
        { id: 1, key: 'start', value: '1800000000' },
        { id: 2, key: 'end', value: '1800086400' },
        { id: 3, key: 'freeze', value: '1800080000' },
        { id: 4, key: 'score_visibility', value: 'private' },
        { id: 5, key: 'user_mode', value: 'users' },
      ]),
      'db/users.json': '',
      'themes/core/index.html': '<html>',
    });
    // The folder entry CTFd's zip writer adds is passed over (forged: the test's writer refuses it).
    const response = await importCtfd(renameEntry(file, 'dbx', 'db/'));
    expect(response.statusCode, response.body).toBe(200);
    const { game, report } = response.json();
    expect(game).toMatchObject({
      title: 'CTFd event (imported)',
      start: 1_800_000_000_000,
      end: 1_800_086_400_000,
      freezeTime: 1_800_080_000_000,
      // CTFd's `private` (signed-in users) is Vexil's SignedIn (issue 25).
      scoreVisibility: 'SignedIn',
      // CTFd's `users` mode is individual play (issue 25), with no note about it.
      playMode: 'Individual',
    });
    expect(report.notes).toEqual([]);
    const [quiz, plain] = report.challenges;
    expect(quiz).toMatchObject({
      challengeId: null,
      notes: [{ code: 'ChallengeTypeNotSupported', severity: 'Skipped' }],
    });
    expect(codes(plain.notes)).toEqual(['FlagTypeNotSupported', 'FlagTooLong']);
    const detail = await json(`/api/edit/games/${game.id}/challenges/${plain.challengeId}`);
    expect(detail).toMatchObject({ category: 'Reverse', isEnabled: true });
    expect(detail.flags.map((f: Json) => f.flag)).toEqual(['flag{ok}']);
  });

  it('is for admins only', async () => {
    const response = await server.as('User')({
      method: 'POST',
      url: '/api/edit/games/import/ctfd',
      ...multipart({}, { file: exportZip }),
    });
    expect(response.statusCode).toBe(403);
  });
});
