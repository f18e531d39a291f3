// Flag matching on the organiser's side (issue 25): modes saved and listed, the reference
// client's add (no mode) giving Exact, patterns RE2 cannot compile refused at save, trying an
// answer without recording anything, and game archives keeping the mode.
import { expect, it } from 'vitest';
import type { Caller } from '../../support/app.js';
import { multipart } from '../../support/badInputs.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { makeZip, readZip } from '../../support/zipArchives.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('flag match modes in the console API', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  const flagsUrl = (gameId: number, challengeId: number) =>
    `/api/edit/games/${gameId}/challenges/${challengeId}/flags`;
  const addFlags = (gameId: number, challengeId: number, payload: unknown, call: Caller = admin) =>
    call({ method: 'POST', url: flagsUrl(gameId, challengeId), payload: payload as Json });
  const stored = async (gameId: number, challengeId: number) => {
    const response = await admin({
      method: 'GET',
      url: `/api/edit/games/${gameId}/challenges/${challengeId}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().flags as Json[]).map(({ flag, matchMode }) => ({ flag, matchMode }));
  };
  const tryAnswer = (gameId: number, challengeId: number, payload: unknown, call = admin) =>
    call({
      method: 'POST',
      url: `${flagsUrl(gameId, challengeId)}/try`,
      payload: payload as Json,
    });

  it('saves each mode, and a flag added without one (the reference client) is Exact', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [] });
    const added = await addFlags(game.id, challenge.id, [
      { flag: 'flag{reference}', attachmentType: 'None', fileHash: '', remoteUrl: '' },
      { flag: 'flag{Any Case}', matchMode: 'CaseInsensitive' },
      { flag: 'flag\\{\\d+\\}', matchMode: 'Regex' },
      { flag: 'flag{exact}', matchMode: 'Exact' },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await stored(game.id, challenge.id)).toEqual([
      { flag: 'flag{reference}', matchMode: 'Exact' },
      { flag: 'flag{Any Case}', matchMode: 'CaseInsensitive' },
      { flag: 'flag\\{\\d+\\}', matchMode: 'Regex' },
      { flag: 'flag{exact}', matchMode: 'Exact' },
    ]);
  });

  it('refuses a pattern RE2 cannot compile with a 400 naming it, and stores nothing', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [] });
    const cases: [string, string][] = [
      ['flag{(unclosed', 'missing closing )'],
      ['flag(?=look)', 'invalid or unsupported Perl syntax'],
      ['(a)\\1', 'invalid escape sequence'],
      ['[z-a]', 'invalid character class range'],
      ['a{1001}', 'invalid repeat count'],
      ['((a{100}){100}){100}', 'invalid repeat count'],
    ];
    for (const [pattern, problem] of cases) {
      const response = await addFlags(game.id, challenge.id, [
        { flag: 'flag{fine}' },
        { flag: pattern, matchMode: 'Regex' },
      ]);
      expect(response.statusCode, pattern).toBe(400);
      expect(response.json().status).toBe(400);
      expect(response.json().title).toContain('Flag 2: the regular expression cannot be used');
      expect(response.json().title).toContain(problem);
    }
    // Longer than a flag may be: refused by the schema.
    const tooLong = await addFlags(game.id, challenge.id, [
      { flag: `${'a'.repeat(128)}`, matchMode: 'Regex' },
    ]);
    expect(tooLong.statusCode).toBe(400);
    // An unknown mode is refused too.
    const unknown = await addFlags(game.id, challenge.id, [{ flag: 'x', matchMode: 'Glob' }]);
    expect(unknown.statusCode).toBe(400);
    expect(await stored(game.id, challenge.id)).toEqual([]);
  });

  it("refuses another mode than Exact on a dynamic challenge's flags", async () => {
    const game = await createGame(server.app);
    const pool = await createChallenge(server.app, game.id, {
      type: 'DynamicAttachment',
      flags: [],
      isEnabled: false,
    });
    const response = await addFlags(game.id, pool.id, [
      { flag: 'flag{a}', matchMode: 'CaseInsensitive' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toContain('matched exactly');
    expect(await stored(game.id, pool.id)).toEqual([]);
  });

  it('tries an answer against the stored flags or unsaved ones, recording nothing', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [] });
    await addFlags(game.id, challenge.id, [
      { flag: 'flag{Exact}' },
      { flag: 'FLAG{STRASSE}', matchMode: 'CaseInsensitive' },
      { flag: 'flag\\{[a-z]+\\}', matchMode: 'Regex' },
    ]);
    const ids = (
      await admin({ method: 'GET', url: `/api/edit/games/${game.id}/challenges/${challenge.id}` })
    )
      .json()
      .flags.map((f: Json) => f.id);
    const counts = async () => ({
      submissions: (await server.app.db.selectFrom('submissions').select('id').execute()).length,
      events: (await server.app.db.selectFrom('game_events').select('id').execute()).length,
    });
    const before = await counts();

    const straße = await tryAnswer(game.id, challenge.id, { answer: '  flag{straße} ' });
    expect(straße.statusCode, straße.body).toBe(200);
    expect(straße.json()).toEqual({
      answer: 'flag{straße}',
      accepted: true,
      flags: [
        { id: ids[0], flag: 'flag{Exact}', matchMode: 'Exact', matches: false, problem: null },
        {
          id: ids[1],
          flag: 'FLAG{STRASSE}',
          matchMode: 'CaseInsensitive',
          matches: true,
          problem: null,
        },
        // ß is not in [a-z]
        { id: ids[2], flag: 'flag\\{[a-z]+\\}', matchMode: 'Regex', matches: false, problem: null },
      ],
    });
    const none = await tryAnswer(game.id, challenge.id, { answer: 'nope' });
    expect(none.json()).toMatchObject({ accepted: false });

    // Unsaved flags: a broken pattern says why; a catastrophic one answers.
    const unsaved = await tryAnswer(game.id, challenge.id, {
      answer: `${'a'.repeat(120)}!`,
      flags: [
        { flag: '(a+)+$', matchMode: 'Regex' },
        { flag: 'x(?<=y)', matchMode: 'Regex' },
        { flag: `${'A'.repeat(120)}!`, matchMode: 'CaseInsensitive' },
        { flag: `${'a'.repeat(120)}!` },
      ],
    });
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(unsaved.json().accepted).toBe(true);
    expect(unsaved.json().flags.map((f: Json) => [f.id, f.matches, f.problem !== null])).toEqual([
      [null, false, false],
      [null, false, true],
      [null, true, false],
      [null, true, false],
    ]);
    expect(unsaved.json().flags[1].problem).toContain('error parsing regexp');

    expect(await counts()).toEqual(before);
    const row = await server.app.db
      .selectFrom('challenges')
      .select(['submission_count', 'accepted_count'])
      .where('id', '=', challenge.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ submission_count: 0, accepted_count: 0 });
  });

  it('answers the try for organisers only, and 404 for an unknown challenge', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    expect((await tryAnswer(game.id, challenge.id, { answer: 'x' }, monitor)).statusCode).toBe(403);
    expect((await tryAnswer(game.id, challenge.id + 1000, { answer: 'x' })).statusCode).toBe(404);
    expect((await tryAnswer(game.id, challenge.id, {})).statusCode).toBe(400);
    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      flagTemplate: 'flag{[TEAM_HASH]}',
    });
    const tried = await tryAnswer(game.id, dynamic.id, { answer: 'flag{x}' });
    expect(tried.json()).toEqual({ answer: 'flag{x}', accepted: false, flags: [] });
  });

  const importArchive = (archive: Buffer) =>
    admin({ method: 'POST', url: '/api/edit/games/import', ...multipart({}, { file: archive }) });

  it('keeps the modes through an archive, and imports an older archive as Exact', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [] });
    await addFlags(game.id, challenge.id, [
      { flag: 'flag{one}' },
      { flag: 'Flag{Two}', matchMode: 'CaseInsensitive' },
      { flag: 'flag\\{3+\\}', matchMode: 'Regex' },
    ]);
    const exported = await admin({ method: 'GET', url: `/api/edit/games/${game.id}/export` });
    expect(exported.statusCode).toBe(200);
    const manifest = JSON.parse(
      (await readZip(exported.rawPayload)).get('game.json')!.toString('utf8'),
    );
    expect(manifest.challenges[0].flags).toEqual([
      { flag: 'flag{one}', matchMode: 'Exact', attachment: null },
      { flag: 'Flag{Two}', matchMode: 'CaseInsensitive', attachment: null },
      { flag: 'flag\\{3+\\}', matchMode: 'Regex', attachment: null },
    ]);
    const imported = await importArchive(exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = (
      await admin({ method: 'GET', url: `/api/edit/games/${imported.json().id}/challenges` })
    ).json();
    expect(await stored(imported.json().id, copy.id)).toEqual([
      { flag: 'flag{one}', matchMode: 'Exact' },
      { flag: 'Flag{Two}', matchMode: 'CaseInsensitive' },
      { flag: 'flag\\{3+\\}', matchMode: 'Regex' },
    ]);

    const manifestOf = (flags: Json[]) =>
      JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Older', start: 1, end: 2 },
        challenges: [{ type: 'StaticAttachment', settings: { title: 'Old' }, flags }],
      });
    const older = await importArchive(
      await makeZip({ 'game.json': manifestOf([{ flag: 'flag{(old)}', attachment: null }]) }),
    );
    expect(older.statusCode, older.body).toBe(200);
    const [old] = (
      await admin({ method: 'GET', url: `/api/edit/games/${older.json().id}/challenges` })
    ).json();
    expect(await stored(older.json().id, old.id)).toEqual([
      { flag: 'flag{(old)}', matchMode: 'Exact' },
    ]);

    const broken = await importArchive(
      await makeZip({ 'game.json': manifestOf([{ flag: 'flag{(old', matchMode: 'Regex' }]) }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().title).toContain('challenges/0: Flag 1: the regular expression');
  });
});
