// Hidden means hidden (issue 23): a hidden game that has started, whose registrations need no
// review (as an imported game may be), is unknown to players on every route of the game: the same
// 404 as an unknown id, whatever its dates. Monitors and Admins preview it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { updateGame } from '#server/db/repositories/games.js';
import type { Caller } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  type BuiltChallenge,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { playingTeam, type PlayingTeam } from './support.js';

const NOT_FOUND = { title: 'The game was not found', status: 404 };

interface GameRoute {
  operationId: string;
  request: (gameId: number, challengeId: number) => Parameters<Caller>[0];
}

/** What a registered player would call; each answers 404 while the game is hidden. */
const playerRoutes: GameRoute[] = [
  { operationId: 'gameGetGame', request: (g) => ({ method: 'GET', url: `/api/game/${g}` }) },
  {
    operationId: 'gameGetDetails',
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/details` }),
  },
  {
    operationId: 'gameGetChallenge',
    request: (g, c) => ({ method: 'GET', url: `/api/game/${g}/challenges/${c}` }),
  },
  {
    operationId: 'gameSubmitFlag',
    request: (g, c) => ({
      method: 'POST',
      url: `/api/game/${g}/challenges/${c}`,
      payload: { flag: 'flag{guess}' },
    }),
  },
  {
    operationId: 'gameCreateContainer',
    request: (g, c) => ({ method: 'POST', url: `/api/game/${g}/container/${c}` }),
  },
  {
    operationId: 'gameGetWriteup',
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/writeup` }),
  },
  {
    operationId: 'gameGetScoreboard',
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/scoreboard` }),
  },
  {
    operationId: 'gameGetCtftimeFeed',
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/scoreboard/ctftime` }),
  },
  {
    operationId: 'gameGetNotices',
    request: (g) => ({ method: 'GET', url: `/api/game/${g}/notices` }),
  },
  { operationId: 'gameLeaveGame', request: (g) => ({ method: 'DELETE', url: `/api/game/${g}` }) },
];

/** The reads anyone may make of a listed game. */
const publicRoutes = playerRoutes.filter((route) =>
  ['gameGetGame', 'gameGetScoreboard', 'gameGetCtftimeFeed', 'gameGetNotices'].includes(
    route.operationId,
  ),
);

describeEachDatabase('a hidden game', (getDb) => {
  const server = useTestApp(getDb);
  const monitor = server.as('Monitor');
  const admin = server.as('Admin');
  let game: Game;
  let challenge: BuiltChallenge;
  let player: PlayingTeam;
  beforeAll(async () => {
    // Started five minutes ago, accepting teams without review; the team registered while it was
    // listed (or guessed its id): hiding it must shut them out too.
    game = await createGame(server.app);
    challenge = await createChallenge(server.app, game.id);
    player = await playingTeam(server.app, game);
    const notice = await admin({
      method: 'POST',
      url: `/api/edit/games/${game.id}/notices`,
      payload: { content: 'Welcome' },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    await updateGame(server.app.db, game.id, { hidden: true });
  });

  const expectUnknown = async (route: GameRoute, call: Caller, gameId = game.id) => {
    const response = await call(route.request(gameId, challenge.id));
    expectMatchesSpec(route.operationId, response);
    expect(response.statusCode, `${route.operationId}: ${response.body}`).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  };

  it('cannot be joined by a player who guesses its id', async () => {
    const outsider = await createTeamWithMembers(server.app);
    const join = {
      operationId: 'gameJoinGame',
      request: (g: number) => ({
        method: 'POST' as const,
        url: `/api/game/${g}`,
        payload: { teamId: outsider.team.id },
      }),
    };
    await expectUnknown(join, outsider.members[0].call);
    // Nothing was stored: the game's registrations are the one team's.
    const rows = await server.app.db
      .selectFrom('participations')
      .select('team_id')
      .where('game_id', '=', game.id)
      .execute();
    expect(rows.map((row) => row.team_id)).toEqual([player.team.id]);
  });

  for (const route of playerRoutes) {
    it(`${route.operationId}: 404 for its registered player, as for an unknown id`, async () => {
      await expectUnknown(route, player.call);
      await expectUnknown(route, player.call, 999_999);
    });
  }

  for (const route of publicRoutes) {
    it(`${route.operationId}: 404 for anonymous callers`, async () => {
      await expectUnknown(route, server.anonymous);
    });
  }

  it('keeps its board from players once staff read it (the board kept in memory)', async () => {
    const board = await monitor({ method: 'GET', url: `/api/game/${game.id}/scoreboard` });
    expect(board.statusCode).toBe(200);
    expect(server.app.scoreboards.peek(game.id)?.hidden).toBe(true);
    for (const route of publicRoutes) await expectUnknown(route, player.call);
  });

  describe('previewed by staff', () => {
    it('shows Monitors and Admins its page, marked hidden', async () => {
      for (const call of [monitor, admin]) {
        const response = await call({ method: 'GET', url: `/api/game/${game.id}` });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ id: game.id, hidden: true, teamCount: 1 });
      }
    });

    it('shows them its board, feed, notices and monitor views', async () => {
      const urls: [string, string][] = [
        ['gameGetScoreboard', `/api/game/${game.id}/scoreboard`],
        ['gameGetCtftimeFeed', `/api/game/${game.id}/scoreboard/ctftime`],
        ['gameGetNotices', `/api/game/${game.id}/notices`],
        ['gameGetEvents', `/api/game/${game.id}/events`],
        ['gameGetSubmissions', `/api/game/${game.id}/submissions`],
        ['gameGetCheatInfo', `/api/game/${game.id}/cheatinfo`],
      ];
      for (const [operationId, url] of urls) {
        const response = await monitor({ method: 'GET', url });
        expect(response.statusCode, `${operationId}: ${response.body}`).toBe(200);
        expectMatchesSpec(operationId, response);
      }
      const board = await admin({ method: 'GET', url: `/api/game/${game.id}/scoreboard` });
      expect(board.json().items.map((item: { id: number }) => item.id)).toEqual([player.team.id]);
    });
  });

  it('opens to players once published, and closes when hidden again', async () => {
    const board = () => player.call({ method: 'GET', url: `/api/game/${game.id}/scoreboard` });
    const setHidden = async (hidden: boolean) => {
      const url = `/api/edit/games/${game.id}`;
      const current = (await admin({ method: 'GET', url })).json();
      const response = await admin({ method: 'PUT', url, payload: { ...current, hidden } });
      expect(response.statusCode, response.body).toBe(200);
    };
    const boardAnswers = async (status: number) => {
      // The edit rebuilds the board in the background: wait for the rebuild, not for a time.
      for (let attempt = 0; attempt < 500; attempt++) {
        if ((await board()).statusCode === status) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`The board never answered ${status}`);
    };

    await setHidden(false);
    const details = await player.call({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(details.statusCode, details.body).toBe(200);
    await boardAnswers(200);

    await setHidden(true);
    await expectUnknown(playerRoutes[1], player.call);
    await boardAnswers(404);
  });
});
