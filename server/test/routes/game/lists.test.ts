import { beforeAll, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { createGame, createTeamWithMembers, joinAndAccept } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR } from './support.js';

describeEachDatabase('public game lists and pages', (getDb) => {
  const server = useTestApp(getDb);
  const anonymous = server.anonymous;
  let games: Record<string, Game>;
  beforeAll(async () => {
    const now = Date.now();
    games = {
      endedLong: await createGame(server.app, { start: now - 9 * HOUR, end: now - 8 * HOUR }),
      ended: await createGame(server.app, { start: now - 3 * HOUR, end: now - HOUR }),
      running: await createGame(server.app, { start: now - HOUR, end: now + 5 * HOUR }),
      runningSoonOver: await createGame(server.app, { start: now - 4 * HOUR, end: now + HOUR }),
      upcoming: await createGame(server.app, { start: now + 2 * HOUR, end: now + 3 * HOUR }),
      hidden: await createGame(server.app, { start: now - HOUR, end: now + HOUR, hidden: true }),
    };
  });

  it('orders recent games running, then upcoming, then ended, without hidden ones', async () => {
    const response = await anonymous({ method: 'GET', url: '/api/game/recent' });
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((g: { id: number }) => g.id);
    const { runningSoonOver, running, upcoming, ended, endedLong } = games;
    expect(ids).toEqual([runningSoonOver, running, upcoming, ended, endedLong].map((g) => g.id));
    expect(response.json()[1]).toEqual({
      id: running.id,
      title: running.title,
      summary: '',
      poster: null,
      limit: 0,
      start: running.start,
      end: running.end,
      playMode: 'Teams',
    });

    const two = await anonymous({ method: 'GET', url: '/api/game/recent', query: { limit: '2' } });
    expect(two.json()).toHaveLength(2);
    const bad = await anonymous({ method: 'GET', url: '/api/game/recent', query: { limit: '51' } });
    expect(bad.statusCode).toBe(400);
  });

  it('pages public games by start, counting only non-hidden ones', async () => {
    const response = await anonymous({ method: 'GET', url: '/api/game', query: { count: '2' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ length: 2, total: 5 });
    expect(response.json().data.map((g: { id: number }) => g.id)).toEqual([
      games.upcoming.id,
      games.running.id,
    ]);
    const rest = await anonymous({ method: 'GET', url: '/api/game', query: { skip: '4' } });
    expect(rest.json()).toMatchObject({ length: 1, total: 5 });
    expect(rest.json().data[0].id).toBe(games.endedLong.id);
    const beyond = await anonymous({ method: 'GET', url: '/api/game', query: { skip: '9' } });
    expect(beyond.json()).toEqual({ data: [], length: 0, total: 5 });
    const bad = await anonymous({ method: 'GET', url: '/api/game', query: { count: '51' } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a game page with the caller registration', async () => {
    const game = games.upcoming;
    const team = await createTeamWithMembers(server.app);
    await joinAndAccept(server.app, game, team, { status: 'Pending' });
    await joinAndAccept(server.app, game, await createTeamWithMembers(server.app), {
      status: 'Rejected',
    });

    const mine = await team.members[0].call({ method: 'GET', url: `/api/game/${game.id}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: game.id,
      hidden: false,
      teamCount: 2,
      status: 'Pending',
      teamName: team.team.name,
      division: null,
      inviteCodeRequired: false,
      practiceMode: false,
    });

    const anon = await anonymous({ method: 'GET', url: `/api/game/${game.id}` });
    expect(anon.json()).toMatchObject({ status: 'Unsubmitted', teamName: null, division: null });

    const missing = await anonymous({ method: 'GET', url: '/api/game/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });
  });

  it('answers a hidden game as unknown below Monitor (hiddenGame.test.ts has every route)', async () => {
    const url = `/api/game/${games.hidden.id}`;
    const anon = await anonymous({ method: 'GET', url });
    expect(anon.statusCode).toBe(404);
    expect(anon.json()).toEqual({ title: 'The game was not found', status: 404 });
    const user = await server.as('User')({ method: 'GET', url });
    expect(user.statusCode).toBe(404);
    const monitor = await server.as('Monitor')({ method: 'GET', url });
    expect(monitor.statusCode).toBe(200);
    expect(monitor.json()).toMatchObject({ id: games.hidden.id, hidden: true });
  });
});
