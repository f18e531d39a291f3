import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, problem } from '../test/apiMock';
import { buildGame } from '../test/builders';
import { envelope } from '../test/renderConsole';
import { forgetChallengeGames, gamesOfChallenges } from './challengeGames';

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  api: (await import('../test/apiMock')).testApi,
}));

const challenges = (...ids: number[]) =>
  ids.map((id) => ({ id, title: `C${id}`, category: 'Web', type: 'StaticAttachment' }));

function serve() {
  fakeApi.on(
    'GET',
    '/api/edit/games',
    200,
    envelope([buildGame({ id: 1, title: 'One' }), buildGame({ id: 2, title: 'Two' })]),
  );
  fakeApi.on('GET', '/api/edit/games/1/challenges', 200, challenges(10, 11));
  fakeApi.on('GET', '/api/edit/games/2/challenges', 200, challenges(20));
}

const reads = () => fakeApi.requests('GET', '/api/edit/games').length;

describe('gamesOfChallenges', () => {
  beforeEach(() => {
    fakeApi.reset();
    forgetChallengeGames();
  });

  it("finds each challenge's game, and reads nothing for no challenge", async () => {
    serve();
    expect(await gamesOfChallenges([])).toEqual(new Map());
    expect(reads()).toBe(0);
    const games = await gamesOfChallenges([11, 20], 0);
    expect(games.get(11)).toEqual({ id: 1, title: 'One' });
    expect(games.get(20)).toEqual({ id: 2, title: 'Two' });
  });

  it('keeps the index a few minutes, and reads it sooner for an unknown challenge', async () => {
    serve();
    await gamesOfChallenges([10], 0);
    await gamesOfChallenges([10, 20], 60_000);
    expect(reads()).toBe(1);
    await gamesOfChallenges([10, 99], 10_000);
    expect(reads()).toBe(1);
    await gamesOfChallenges([10, 99], 31_000);
    expect(reads()).toBe(2);
    await gamesOfChallenges([10], 31_000 + 5 * 60_000);
    expect(reads()).toBe(3);
  });

  it('never fails: without the games, the instances have none', async () => {
    fakeApi.on('GET', '/api/edit/games', 500, problem(500, 'Down'));
    expect(await gamesOfChallenges([10], 0)).toEqual(new Map());
    serve();
    fakeApi.on('GET', '/api/edit/games/2/challenges', 404, problem(404, 'Gone'));
    const games = await gamesOfChallenges([10, 20], 60_000);
    expect(games.get(10)?.title).toBe('One');
    expect(games.has(20)).toBe(false);
  });

  it('reads every page of games', async () => {
    const first = Array.from({ length: 100 }, (_, i) => buildGame({ id: i + 1 }));
    fakeApi.on('GET', '/api/edit/games', ({ query }) => ({
      status: 200,
      body:
        query.get('skip') === '0'
          ? envelope(first, 101)
          : envelope([buildGame({ id: 500, title: 'Last' })], 101),
    }));
    for (const game of first) fakeApi.on('GET', `/api/edit/games/${game.id}/challenges`, 200, []);
    fakeApi.on('GET', '/api/edit/games/500/challenges', 200, challenges(77));
    expect((await gamesOfChallenges([77], 0)).get(77)?.title).toBe('Last');
    expect(reads()).toBe(2);
  });
});
