import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/apiMock';
import { buildChallenge, buildGame, challengeInfo } from '@/test/builders';
import { envelope } from '@/test/renderConsole';
import { dataProvider } from './dataProvider';
import { challengeChanges, cleanDivisions, flagLines, gameBody } from './editLifecycle';

const sort = { field: 'id', order: 'ASC' as const };

describe('dataProvider: games', () => {

  it('getList pages with count/skip (at most 100) and reads total from the envelope', async () => {
    const games = [buildGame(), buildGame()];
    fakeApi.on('GET', '/api/edit/games', 200, envelope(games, 202));
    const result = await dataProvider.getList('games', {
      pagination: { page: 3, perPage: 500 },
      sort,
      filter: {},
    });
    expect(result.total).toBe(202);
    expect(result.data.map((g) => g.id)).toEqual(games.map((g) => g.id));
    const [request] = fakeApi.requests('GET', '/api/edit/games');
    expect(Object.fromEntries(request.query)).toEqual({ skip: '200', count: '100' });
  });

  it('update PUTs the whole edit model, without id, poster and key, and keeps the answer', async () => {
    const game = buildGame({ title: 'Old', poster: '/assets/abc/poster' });
    const answer = { ...game, title: 'New', divisions: ['Pro'] };
    fakeApi.on('PUT', `/api/edit/games/${game.id}`, 200, answer);
    const { data } = await dataProvider.update('games', {
      id: game.id,
      data: { ...game, title: 'New', divisions: [' Pro ', '', 'Pro'] },
      previousData: game,
    });
    const { body } = fakeApi.requests('PUT', `/api/edit/games/${game.id}`)[0];
    expect(body).toMatchObject({ title: 'New', divisions: ['Pro'], bloodBonus: 52_459_530 });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('poster');
    expect(body).not.toHaveProperty('publicKey');
    expect(data).toEqual(answer);
  });

  it('create POSTs the model and answers the new game; delete DELETEs it', async () => {
    const created = buildGame({ title: 'Fresh' });
    fakeApi.on('POST', '/api/edit/games', 200, created);
    fakeApi.on('DELETE', `/api/edit/games/${created.id}`, 200);
    const { data } = await dataProvider.create('games', {
      data: { title: 'Fresh', start: 1, end: 2 },
    });
    expect(data).toEqual(created);
    expect(fakeApi.requests('POST', '/api/edit/games')[0].body).toEqual({
      title: 'Fresh',
      start: 1,
      end: 2,
    });
    await dataProvider.delete('games', { id: created.id, previousData: created });
    expect(fakeApi.requests('DELETE')).toHaveLength(1);
  });

  it('uploadGamePoster PUTs the image as multipart `file`', async () => {
    fakeApi.on('PUT', '/api/edit/games/7/poster', 200, `/assets/${'a'.repeat(64)}/poster`);
    const file = new File(['png'], 'poster.png', { type: 'image/png' });
    await expect(dataProvider.uploadGamePoster(7, file)).resolves.toMatch(/poster$/);
    const form = fakeApi.requests('PUT', '/api/edit/games/7/poster')[0].body as FormData;
    expect((form.get('file') as Blob).size).toBe(3);
  });
});

describe('dataProvider: challenges, nested under a game (meta.gameId)', () => {

  it('getList reads the game path in one request and pages locally, solve counts included', async () => {
    const [a, b] = [buildChallenge({ acceptedCount: 4 }), buildChallenge({ acceptedCount: 0 })];
    fakeApi.on('GET', '/api/edit/games/3/challenges', 200, [challengeInfo(a), challengeInfo(b)]);
    const result = await dataProvider.getList('challenges', {
      pagination: { page: 1, perPage: 1000 },
      sort,
      filter: {},
      meta: { gameId: 3 },
    });
    expect(result.total).toBe(2);
    expect(result.data.map((c) => c.acceptedCount)).toEqual([4, 0]);
    // no read per challenge
    expect(fakeApi.requests('GET').map((request) => request.path)).toEqual([
      '/api/edit/games/3/challenges',
    ]);
  });

  it('refuses to guess the game when meta has none', async () => {
    await expect(
      dataProvider.getList('challenges', {
        pagination: { page: 1, perPage: 10 },
        sort,
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('getOne, update (changed fields only), create and delete use the nested paths', async () => {
    const challenge = buildChallenge({ hints: ['a'] });
    const path = `/api/edit/games/3/challenges/${challenge.id}`;
    fakeApi.on('GET', path, 200, challenge);
    fakeApi.on('PUT', path, 200, { ...challenge, hints: ['a', 'b'] });
    fakeApi.on('POST', '/api/edit/games/3/challenges', 200, challenge);
    fakeApi.on('DELETE', path, 200);
    const meta = { gameId: 3 };
    expect((await dataProvider.getOne('challenges', { id: challenge.id, meta })).data).toEqual(
      challenge,
    );
    const { data } = await dataProvider.update('challenges', {
      id: challenge.id,
      data: { ...challenge, hints: ['a', 'b'], acceptedCount: 9 },
      previousData: challenge,
      meta,
    });
    expect(fakeApi.requests('PUT', path)[0].body).toEqual({ hints: ['a', 'b'] });
    expect(data.hints).toEqual(['a', 'b']);
    await dataProvider.create('challenges', {
      data: { title: 'New', category: 'Web', type: 'StaticContainer', extra: 1 },
      meta,
    });
    expect(fakeApi.requests('POST', '/api/edit/games/3/challenges')[0].body).toEqual({
      title: 'New',
      category: 'Web',
      type: 'StaticContainer',
    });
    await dataProvider.delete('challenges', { id: challenge.id, previousData: challenge, meta });
    expect(fakeApi.requests('DELETE', path)).toHaveLength(1);
  });

  it('sets the attachment after uploading the file, and recounts solves', async () => {
    const hash = 'f'.repeat(64);
    fakeApi.on('POST', '/api/assets', 200, [{ hash, name: 'a.zip' }]);
    fakeApi.on('POST', '/api/edit/games/3/challenges/5/attachment', 200);
    fakeApi.on('POST', '/api/edit/games/3/challenges/updateaccepted', 200);
    const stored = await dataProvider.uploadAsset(new File(['zip'], 'a.zip'));
    await dataProvider.setChallengeAttachment({ gameId: 3 }, 5, {
      attachmentType: 'Local',
      fileHash: stored.hash,
    });
    expect(
      (fakeApi.requests('POST', '/api/assets')[0].body as FormData).getAll('files'),
    ).toHaveLength(1);
    expect(fakeApi.requests('POST', '/api/edit/games/3/challenges/5/attachment')[0].body).toEqual({
      attachmentType: 'Local',
      fileHash: hash,
    });
    await dataProvider.recountAccepted({ gameId: 3 });
    expect(fakeApi.requests('POST', '/api/edit/games/3/challenges/updateaccepted')).toHaveLength(1);
  });
});

describe('dataProvider: flags, nested under a challenge (meta.gameId, meta.challengeId)', () => {
  const meta = { gameId: 3, challengeId: 5 };

  it('lists the challenge’s flags, adds a batch from lines and deletes one', async () => {
    const flags = [{ id: 1, flag: 'flag{a}', attachment: null, occupied: false, matchMode: 'Exact' as const }];
    fakeApi.on('GET', '/api/edit/games/3/challenges/5', 200, buildChallenge({ id: 5, flags }));
    fakeApi.on('POST', '/api/edit/games/3/challenges/5/flags', 200);
    fakeApi.on('DELETE', '/api/edit/games/3/challenges/5/flags/1', 200, 'Success');
    const list = await dataProvider.getList('flags', {
      pagination: { page: 1, perPage: 1000 },
      sort,
      filter: {},
      meta,
    });
    expect(list).toEqual({ data: flags, total: 1 });
    const { data } = await dataProvider.create('flags', {
      data: { flags: ' flag{b}\n\nflag{c} \n' },
      meta,
    });
    expect(data).toMatchObject({ count: 2 });
    expect(fakeApi.requests('POST', '/api/edit/games/3/challenges/5/flags')[0].body).toEqual([
      { flag: 'flag{b}' },
      { flag: 'flag{c}' },
    ]);
    await dataProvider.delete('flags', { id: 1, previousData: flags[0], meta });
    expect(fakeApi.requests('DELETE')).toHaveLength(1);
  });
});

describe('edit lifecycle helpers', () => {
  it('clean divisions, game bodies, challenge changes and flag lines', () => {
    expect(cleanDivisions(null)).toBeNull();
    expect(cleanDivisions([' A', 'A', '', 'B '])).toEqual(['A', 'B']);
    expect(gameBody({ title: 'T', id: 1, poster: 'x', unknown: 2 })).toEqual({ title: 'T' });
    expect(
      challengeChanges(
        { title: 'T', flagTemplate: '', hints: ['x'], memoryLimit: null, acceptedCount: 3 },
        { title: 'T', flagTemplate: 'flag{[GUID]}', hints: [] },
      ),
    ).toEqual({ flagTemplate: '', hints: ['x'] });
    expect(flagLines('a\r\n  b  \n\n')).toEqual([{ flag: 'a' }, { flag: 'b' }]);
  });
});
