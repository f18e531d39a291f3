// Score visibility (issue 25): until the end a game's scores are shown to everyone (`Public`),
// signed-in accounts (`SignedIn`) or organisers (`Organisers`); from the end to everyone. The
// scoreboard, its CTFtime feed and the team pages follow one rule; a team sees its own score (not
// its rank) on the game page; Monitors and Admins see everything.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import type { ScoreVisibility } from '#server/domain/scoreVisibility.js';
import type { Caller } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { HOUR, playingTeam, submitAndWait, type PlayingTeam } from './support.js';

const SIGNED_IN_ONLY = {
  title: 'Scores are shown to signed-in players only until the game ends',
  status: 403,
};
const ORGANISERS_ONLY = {
  title: 'Scores are shown to the organisers only until the game ends',
  status: 403,
};

type Who = 'anonymous' | 'player' | 'monitor';

/** What each caller gets of a running game's scores, by setting: 200 or the refusal. */
const expected: Record<ScoreVisibility, Record<Who, 200 | typeof SIGNED_IN_ONLY>> = {
  Public: { anonymous: 200, player: 200, monitor: 200 },
  SignedIn: { anonymous: SIGNED_IN_ONLY, player: 200, monitor: 200 },
  Organisers: { anonymous: ORGANISERS_ONLY, player: ORGANISERS_ONLY, monitor: 200 },
};

const boardReads = [
  { operationId: 'gameGetScoreboard', path: (id: number) => `/api/game/${id}/scoreboard` },
  { operationId: 'gameGetCtftimeFeed', path: (id: number) => `/api/game/${id}/scoreboard/ctftime` },
];

describeEachDatabase('score visibility', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');
  const admin = server.as('Admin');
  /** A player of another team: signed in, and not on the board read. */
  let outsider: PlayingTeam;
  let outsiderGame: Game;

  beforeAll(async () => {
    outsiderGame = await createGame(server.app);
    outsider = await playingTeam(server.app, outsiderGame);
  });

  const callers = (): Record<Who, Caller> => ({
    anonymous: server.anonymous,
    player: outsider.call,
    monitor,
  });

  /** A game with the setting, one solve by its team, its board built. */
  async function scoredGame(scoreVisibility: ScoreVisibility, ended = false) {
    const now = Date.now();
    const game = await createGame(server.app, {
      scoreVisibility,
      ...(ended ? { start: now - 3 * HOUR, end: now + HOUR } : {}),
    });
    const challenge = await createChallenge(server.app, game.id, { flags: ['flag{seen}'] });
    const team = await playingTeam(server.app, game);
    expect(await submitAndWait(team.call, game.id, challenge.id, 'flag{seen}')).toBe('Accepted');
    if (ended) {
      // The game ends after the solve: moved by the organiser, which rebuilds the board.
      const read = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
      const put = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}`,
        payload: { ...(read.json() as object), end: Date.now() - 1_000 },
      });
      expect(put.statusCode, put.body).toBe(200);
    } else {
      server.app.scoreboards.invalidate(game.id);
    }
    await server.app.scoreboards.settle(game.id);
    return { game, team };
  }

  for (const setting of ['Public', 'SignedIn', 'Organisers'] as const) {
    describe(setting, () => {
      let running: Awaited<ReturnType<typeof scoredGame>>;
      let ended: Awaited<ReturnType<typeof scoredGame>>;
      beforeAll(async () => {
        running = await scoredGame(setting);
        ended = await scoredGame(setting, true);
      });

      for (const read of boardReads) {
        for (const who of ['anonymous', 'player', 'monitor'] as const) {
          it(`${read.operationId}: ${who} before the end gets ${JSON.stringify(expected[setting][who])}`, async () => {
            const response = await callers()[who]({
              method: 'GET',
              url: read.path(running.game.id),
            });
            expectMatchesSpec(read.operationId, response);
            const want = expected[setting][who];
            if (want === 200) {
              expect(response.statusCode, response.body).toBe(200);
              expect(response.body).toContain(running.team.team.name);
            } else {
              expect(response.statusCode).toBe(403);
              expect(response.json()).toEqual(want);
            }
          });

          it(`${read.operationId}: ${who} after the end sees the scores`, async () => {
            const response = await callers()[who]({ method: 'GET', url: read.path(ended.game.id) });
            expectMatchesSpec(read.operationId, response);
            expect(response.statusCode, response.body).toBe(200);
            expect(response.body).toContain(ended.team.team.name);
          });
        }
      }

      it('lists blood notices (they name the team) only to those who see the scores', async () => {
        for (const who of ['anonymous', 'player', 'monitor'] as const) {
          for (const { game } of [running, ended]) {
            const response = await callers()[who]({
              method: 'GET',
              url: `/api/game/${game.id}/notices`,
            });
            expectMatchesSpec('gameGetNotices', response);
            expect(response.statusCode, response.body).toBe(200);
            const types = (response.json() as { type: string }[]).map((notice) => notice.type);
            const sees = game === ended.game || expected[setting][who] === 200;
            expect(
              types.includes('FirstBlood'),
              `${who}, ${game === ended.game ? 'ended' : 'running'}`,
            ).toBe(sees);
          }
        }
      });

      it("the team page lists the game with the team's row only to those who see the scores", async () => {
        for (const who of ['anonymous', 'player', 'monitor'] as const) {
          for (const { game, team } of [running, ended]) {
            const response = await callers()[who]({
              method: 'GET',
              url: `/api/team/${team.team.id}/games`,
            });
            expectMatchesSpec('teamGetGames', response);
            expect(response.statusCode, response.body).toBe(200);
            const listed = (response.json() as { game: { id: number } }[]).map((r) => r.game.id);
            const sees = game === ended.game || expected[setting][who] === 200;
            expect(
              listed.includes(game.id),
              `${who}, ${game === ended.game ? 'ended' : 'running'}`,
            ).toBe(sees);
          }
        }
      });

      it('shows the team its own score and solves on the game page, its rank only when scores are shown', async () => {
        const response = await running.team.call({
          method: 'GET',
          url: `/api/game/${running.game.id}/details`,
        });
        expectMatchesSpec('gameGetDetails', response);
        expect(response.statusCode, response.body).toBe(200);
        const { rank } = response.json() as { rank: { score: number; rank: number } };
        expect(rank.score).toBeGreaterThan(0);
        expect(rank.rank).toBe(setting === 'Organisers' ? 0 : 1);
      });

      it('tells anyone the setting on the game page, so a site can say why', async () => {
        const response = await server.anonymous({
          method: 'GET',
          url: `/api/game/${running.game.id}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ scoreVisibility: setting });
      });
    });
  }

  it('applies a change of the setting from the rebuild its edit starts, and shows the board at the end', async () => {
    const { game } = await scoredGame('Public');
    const read = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
    expect(read.json()).toMatchObject({ scoreVisibility: 'Public' });
    const put = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...(read.json() as object), scoreVisibility: 'SignedIn' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ scoreVisibility: 'SignedIn' });
    await server.app.scoreboards.settle(game.id);
    const url = `/api/game/${game.id}/scoreboard`;
    expect((await server.anonymous({ method: 'GET', url })).json()).toEqual(SIGNED_IN_ONLY);
    expect(server.app.scoreboards.peek(game.id)?.scoreVisibility).toBe('SignedIn');

    const ended = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...(put.json() as object), end: Date.now() - 1_000 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await server.app.scoreboards.settle(game.id);
    expect((await server.anonymous({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('keeps the setting when the reference client saves the game (it does not send the field)', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/edit/games',
      payload: { title: 'Reference save', start: Date.now(), end: Date.now() + HOUR },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ scoreVisibility: 'Public' });
    const set = await admin({
      method: 'PUT',
      url: `/api/edit/games/${id}`,
      payload: { ...(created.json() as object), scoreVisibility: 'Organisers' },
    });
    expect(set.statusCode, set.body).toBe(200);

    // The reference client's body: the game as it read it, less what it does not know.
    const {
      scoreVisibility: _,
      freezeTime: __,
      ...reference
    } = set.json() as Record<string, unknown>;
    const saved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${id}`,
      payload: { ...reference, summary: 'edited by the reference client' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      summary: 'edited by the reference client',
      scoreVisibility: 'Organisers',
    });
  });

  it('refuses an unknown setting with 400', async () => {
    const response = await admin({
      method: 'PUT',
      url: `/api/edit/games/${outsiderGame.id}`,
      payload: { title: outsiderGame.title, scoreVisibility: 'Friends' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });
});
