import sharp from 'sharp';
import { expect, it } from 'vitest';
import { findFileByHash } from '#server/db/repositories/files.js';
import { seedGame, seedTeam } from '../game/scoreboardFixtures.js';
import { multipart } from '../../support/badInputs.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { forgeDeclaredSize, makeZip, readZip, sha256Hex } from '../../support/zipArchives.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('game archives (export and import)', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const json = async (method: string, url: string, payload?: unknown): Promise<Json> => {
    const response = await admin({ method: method as 'GET', url, payload: payload as Json });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.body ? response.json() : {};
  };
  const upload = async (name: string, data: Buffer) =>
    (await server.app.files.store(data, name)).hash;
  const exportGame = async (id: number) => {
    const response = await admin({ method: 'GET', url: `/api/edit/games/${id}/export` });
    return response;
  };
  const importArchive = async (archive: Buffer) => {
    const response = await admin({
      method: 'POST',
      url: '/api/edit/games/import',
      ...multipart({}, { file: archive }),
    });
    return response;
  };
  const counts = async () => ({
    games: (await server.app.db.selectFrom('games').select('id').execute()).length,
    files: await server.app.db.selectFrom('files').select(['hash', 'reference_count']).execute(),
  });

  /** A game using every kind of challenge, attachment and setting an archive carries. */
  async function buildGame(): Promise<number> {
    const game = await json('POST', '/api/edit/games', {
      title: 'Archive Cup',
      summary: 'summary',
      content: '# rules',
      acceptWithoutReview: true,
      writeupRequired: true,
      writeupNote: 'PDF please',
      inviteCode: 'secret',
      divisions: ['Students', 'Open'],
      teamMemberCountLimit: 4,
      containerCountLimit: 2,
      practiceMode: false,
      start: 1_800_000_000_000,
      end: 1_800_086_400_000,
      writeupDeadline: 1_800_100_000_000,
      bloodBonus: 52459530,
      freezeTime: 1_800_080_000_000,
      scoreVisibility: 'Organisers',
      playMode: 'Individual',
    });
    const poster = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#36c' },
    })
      .png()
      .toBuffer();
    const posted = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}/poster`,
      ...multipart({}, { file: poster }),
    });
    expect(posted.statusCode).toBe(200);
    const base = `/api/edit/games/${game.id}/challenges`;
    const add = (title: string, type: string, category = 'Web') =>
      json('POST', base, { title, type, category });

    const shared = await upload('handout.zip', Buffer.from('the handout'));
    const web = await add('Static web', 'StaticAttachment');
    await json('POST', `${base}/${web.id}/attachment`, {
      attachmentType: 'Local',
      fileHash: shared,
    });
    await json('POST', `${base}/${web.id}/flags`, [{ flag: 'flag{one}' }, { flag: 'flag{two}' }]);
    await json('PUT', `${base}/${web.id}`, {
      content: 'find it',
      hints: ['look', 'harder'],
      isEnabled: true,
      originalScore: 700,
      minScoreRate: 0.3,
      difficulty: 7.5,
      disableBloodBonus: true,
    });

    const remote = await add('Remote file', 'StaticAttachment', 'Misc');
    await json('POST', `${base}/${remote.id}/attachment`, {
      attachmentType: 'Remote',
      remoteUrl: 'https://files.example.org/r.tar',
    });

    const pool = await add('Pool', 'DynamicAttachment', 'Reverse');
    const first = await upload('team-a.bin', Buffer.from('team a'));
    await json('POST', `${base}/${pool.id}/flags`, [
      { flag: 'flag{a}', attachmentType: 'Local', fileHash: first },
      { flag: 'flag{b}', attachmentType: 'Local', fileHash: shared },
      { flag: 'flag{c}', attachmentType: 'Remote', remoteUrl: 'https://files.example.org/c' },
    ]);
    await json('PUT', `${base}/${pool.id}`, { fileName: 'binary', isEnabled: true });

    const box = await add('Box', 'StaticContainer', 'Pwn');
    await json('POST', `${base}/${box.id}/flags`, [{ flag: 'flag{inside the image}' }]);
    await json('PUT', `${base}/${box.id}`, {
      containerImage: 'vexil/box:1',
      memoryLimit: 128,
      cpuCount: 5,
      storageLimit: 256,
      containerExposePort: 8080,
      enableTrafficCapture: true,
    });

    const dynamic = await add('Dynamic', 'DynamicContainer', 'Crypto');
    await json('PUT', `${base}/${dynamic.id}`, {
      containerImage: 'vexil/dyn:2',
      flagTemplate: 'flag{[TEAM_HASH]_dyn}',
      isEnabled: true,
    });
    return game.id;
  }

  /** A game's challenges as the console reads them, without ids and counters. */
  async function challengesOf(gameId: number) {
    const list = (await json('GET', `/api/edit/games/${gameId}/challenges`)) as unknown as Json[];
    const details = [];
    for (const item of list) {
      const detail = await json('GET', `/api/edit/games/${gameId}/challenges/${item.id}`);
      const { id: _id, acceptedCount: _a, ...rest } = detail;
      details.push({
        ...rest,
        attachment: rest.attachment && { ...rest.attachment, id: undefined },
        flags: (rest.flags as Json[]).map(({ id: _f, ...flag }) => ({
          ...flag,
          attachment: flag.attachment && { ...flag.attachment, id: undefined },
        })),
      });
    }
    return details;
  }

  it('exports a game as a zip and imports it as a new hidden game with the same challenges', async () => {
    const id = await buildGame();
    const exported = await exportGame(id);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="Archive Cup-\d{8}-\d\d\.\d\d\.\d\dZ\.zip"$/,
    );
    const entries = await readZip(exported.rawPayload);
    const manifest = JSON.parse(entries.get('game.json')!.toString());
    expect(manifest).toMatchObject({ format: 'vexil-game', version: 1 });
    expect(manifest.game).not.toHaveProperty('publicKey');
    expect(manifest.game).toMatchObject({ scoreVisibility: 'Organisers', playMode: 'Individual' });
    expect(manifest.challenges.map((c: Json) => c.settings.title)).toEqual([
      'Static web',
      'Remote file',
      'Pool',
      'Box',
      'Dynamic',
    ]);
    for (const [name, content] of entries) {
      if (name !== 'game.json') expect(name).toBe(`files/${sha256Hex(content)}`);
    }
    // The poster and three distinct attachment files (one shared by two attachments).
    expect(entries.size).toBe(1 + 1 + 2);

    const before = await json('GET', `/api/edit/games/${id}`);
    const imported = await importArchive(exported.rawPayload);
    expect(imported.statusCode).toBe(200);
    const game = imported.json();
    expect(game.id).not.toBe(id);
    expect(game.publicKey).not.toBe(before.publicKey);
    expect(game.poster).toMatch(/^\/assets\/[0-9a-f]{64}\/poster$/);
    // Hidden, marked as imported and with registrations under review, whatever the archive says.
    const strip = ({
      id: _i,
      publicKey: _k,
      poster: _p,
      hidden: _h,
      title: _t,
      acceptWithoutReview: _a,
      ...rest
    }: Json) => rest;
    expect(before).toMatchObject({ hidden: false, acceptWithoutReview: true });
    expect(game).toMatchObject({
      hidden: true,
      title: 'Archive Cup (imported)',
      acceptWithoutReview: false,
      scoreVisibility: 'Organisers',
      playMode: 'Individual',
    });
    expect(strip(game)).toEqual(strip(before));
    expect(await challengesOf(game.id)).toEqual(await challengesOf(id));

    // Each attachment holds its own reference: the shared handout is held by the upload and by
    // two attachments of each game.
    const handout = manifest.challenges[0].attachment.file.hash;
    expect((await findFileByHash(server.app.db, handout))?.referenceCount).toBe(5);

    // The imported game exports to the same manifest, but for what the import set and its time.
    const again = JSON.parse(
      (await readZip((await exportGame(game.id)).rawPayload)).get('game.json')!.toString(),
    );
    const comparable = (m: Json) => ({ ...m, exportedAt: 0, poster: null, game: strip(m.game) });
    expect(comparable(again)).toEqual(comparable(manifest));
  });

  it('imports a hand-made archive: unknown properties ignored, a flagless challenge and an imageless container disabled', async () => {
    const file = Buffer.from('hello');
    const archive = await makeZip({
      'game.json': JSON.stringify({
        format: 'vexil-game',
        version: 1,
        madeBy: 'a script',
        game: { title: 'By hand', start: 1, end: 2, colour: 'red' },
        challenges: [
          {
            type: 'StaticAttachment',
            settings: { title: 'No flag yet', isEnabled: true, unknown: 1 },
            attachment: { type: 'Local', file: { hash: sha256Hex(file), name: 'hello.txt' } },
            flags: [],
          },
          {
            type: 'DynamicContainer',
            settings: { title: 'No image yet', isEnabled: true, containerImage: ' ' },
            flags: [],
          },
          {
            type: 'StaticContainer',
            settings: { title: 'Boxed', isEnabled: true, containerImage: 'vexil/box:1' },
            flags: [{ flag: 'flag{boxed}' }],
          },
        ],
      }),
      [`files/${sha256Hex(file)}`]: file,
    });
    const response = await importArchive(archive);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'By hand (imported)',
      hidden: true,
      acceptWithoutReview: false,
      poster: null,
      // An archive from before score visibility and individual play (issue 25): the defaults.
      scoreVisibility: 'Public',
      playMode: 'Teams',
    });
    const [challenge, imageless, boxed] = await challengesOf(response.json().id);
    expect(challenge).toMatchObject({
      title: 'No flag yet',
      isEnabled: false,
      attachment: { type: 'Local', url: `/assets/${sha256Hex(file)}/hello.txt`, fileSize: 5 },
    });
    expect(imageless).toMatchObject({ title: 'No image yet', isEnabled: false });
    expect(boxed).toMatchObject({ title: 'Boxed', isEnabled: true, containerImage: 'vexil/box:1' });
  });

  it('refuses bad archives with a clear title and creates nothing', async () => {
    const file = Buffer.from('content');
    const hash = sha256Hex(file);
    const manifest = (challenge: Json = {}) =>
      JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Bad' },
        challenges: [
          {
            type: 'StaticAttachment',
            settings: { title: 'c' },
            attachment: { type: 'Local', file: { hash, name: 'c.txt' } },
            flags: [{ flag: 'flag{x}' }],
            ...challenge,
          },
        ],
      });
    const whole = await makeZip({ 'game.json': manifest(), [`files/${hash}`]: file });
    const cases: Array<[Buffer, string | RegExp]> = [
      [Buffer.from('not a zip at all'), 'The file is not a zip archive'],
      [Buffer.from('PK\x03\x04 but nothing else'), 'The file is not a zip archive'],
      [await makeZip({ [`files/${hash}`]: file }), 'The archive has no game.json'],
      [await makeZip({ 'game.json': '{nope' }), 'game.json is not JSON'],
      [
        await makeZip({ 'game.json': JSON.stringify({ format: 'vexil-game', version: 2 }) }),
        'The archive is not a game archive of version 1',
      ],
      [
        await makeZip({ 'game.json': manifest({ type: 'Quiz' }) }),
        /^game\.json\/challenges\/0\/type /,
      ],
      [
        await makeZip({ 'game.json': manifest() }),
        `game.json names files/${hash}, which the archive lacks`,
      ],
      [
        await makeZip({ 'game.json': manifest(), [`files/${hash}`]: Buffer.from('other') }),
        `The content of files/${hash} does not have its hash`,
      ],
      [
        await makeZip({ 'game.json': manifest(), 'notes.txt': 'hi' }),
        'The archive has an unexpected entry: notes.txt',
      ],
      [
        await makeZip({
          'game.json': manifest({
            type: 'DynamicContainer',
            flags: [],
            settings: { title: 'd', flagTemplate: 'flag{a}' },
          }),
          [`files/${hash}`]: file,
        }),
        /^challenges\/0: Flag is not sufficiently complicated/,
      ],
      [
        await makeZip({
          'game.json': manifest({ attachment: { type: 'Remote' } }),
          [`files/${hash}`]: file,
        }),
        'game.json: challenges/0/attachment: a Remote attachment needs its URL',
      ],
      [
        await makeZip({
          'game.json': JSON.stringify({
            ...JSON.parse(manifest()),
            game: { title: 'Bad', start: 10, end: 20, freezeTime: 30 },
          }),
          [`files/${hash}`]: file,
        }),
        "The scoreboard freeze must be between the game's start and end",
      ],
      [forgeDeclaredSize(whole, 0x7fffffff), 'The archive is larger than 1 GiB once unpacked'],
      [forgeDeclaredSize(whole, 3), 'The entry game.json holds more than it declares'],
      [
        await makeZip({
          'game.json': manifest({
            attachment: { type: 'Remote', remoteUrl: 'javascript:alert(1)' },
          }),
          [`files/${hash}`]: file,
        }),
        'game.json: challenges/0/attachment: A remote attachment URL must be an http:// or https:// address',
      ],
      [
        await makeZip({
          'game.json': manifest({
            flags: [
              { flag: 'flag{x}', attachment: { type: 'Remote', remoteUrl: 'data:text/html,hi' } },
            ],
          }),
          [`files/${hash}`]: file,
        }),
        'game.json: challenges/0/flags/0/attachment: A remote attachment URL must be an http:// or https:// address',
      ],
    ];
    const before = await counts();
    for (const [archive, title] of cases) {
      const response = await importArchive(archive);
      expect(response.statusCode, String(title)).toBe(400);
      expect(response.json().title).toMatch(title);
    }
    expect(await counts()).toEqual(before);
    expect((await importArchive(whole)).statusCode).toBe(200);
  });

  it('keeps an imported title within 128 characters, suffix included', async () => {
    const title = `${'é'.repeat(125)}漢字🚩`;
    const response = await importArchive(
      await makeZip({
        'game.json': JSON.stringify({
          format: 'vexil-game',
          version: 1,
          game: { title, hidden: false, acceptWithoutReview: true },
          challenges: [],
        }),
      }),
    );
    expect(response.statusCode).toBe(200);
    const imported = response.json().title as string;
    expect(imported).toBe(`${'é'.repeat(117)} (imported)`);
    expect(Array.from(imported)).toHaveLength(128);
    expect(response.json()).toMatchObject({ hidden: true, acceptWithoutReview: false });
  });

  it('refuses a poster that is not an image and an unknown game', async () => {
    const junk = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const archive = await makeZip({
      'game.json': JSON.stringify({
        format: 'vexil-game',
        version: 1,
        game: { title: 'Poster' },
        poster: { hash: sha256Hex(junk), name: 'poster.svg' },
        challenges: [],
      }),
      [`files/${sha256Hex(junk)}`]: junk,
    });
    const before = await counts();
    const response = await importArchive(archive);
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toBe('The poster in the archive is not an image');
    expect(await counts()).toEqual(before);
    expect((await exportGame(999999)).statusCode).toBe(404);
  });

  it("exports the record of a game's awards; an import checks them and starts without any (issue 25)", async () => {
    const game = await seedGame(server.app.db, { title: `Awarded ${Date.now()}` });
    const team = await seedTeam(server.app.db, game.id, { name: `Archived ${game.id}` });
    const given = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/awards`,
      payload: { teamId: team.teamId, value: -20, reason: 'Brute force', time: game.start + 5 },
    });
    expect(given.statusCode, given.body).toBe(200);
    const manifest = JSON.parse(
      (await readZip((await exportGame(game.id)).rawPayload)).get('game.json')!.toString(),
    );
    expect(manifest.awards).toEqual([
      {
        team: team.name,
        value: -20,
        reason: 'Brute force',
        time: game.start + 5,
        givenBy: expect.any(String),
      },
    ]);
    const imported = await importArchive(await makeZip({ 'game.json': JSON.stringify(manifest) }));
    expect(imported.statusCode, imported.body).toBe(200);
    const awards = await admin({ method: 'GET', url: `/api/game/${imported.json().id}/awards` });
    expect(awards.json()).toEqual([]);
    // A malformed award is refused like any other part of the manifest.
    const bad = await importArchive(
      await makeZip({
        'game.json': JSON.stringify({ ...manifest, awards: [{ team: 'x', value: 'many' }] }),
      }),
    );
    expect(bad.statusCode).toBe(400);
  });
});
