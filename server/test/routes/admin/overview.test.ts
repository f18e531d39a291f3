// GET /api/admin/overview: the console home's figures per game, on both databases.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { insertContainer } from '#server/db/repositories/containers.js';
import { insertLogs } from '#server/db/repositories/logs.js';
import { createNotice } from '#server/db/repositories/notices.js';
import { signIn } from '../../support/app.js';
import { buildLogEntry } from '../../support/builders.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR, playingTeam } from '../game/support.js';

const MINUTE = 60_000;

describeEachDatabase('console home figures', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const overview = async () => {
    const response = await admin({ method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(200);
    return response.json<{
      time: number;
      errorsLastHour: number;
      games: Record<string, unknown>[];
    }>();
  };

  it('counts teams, pending reviews, submissions per minute, bloods, instances and errors', async () => {
    const game = await createGame(server.app, { start: Date.now() - 2 * HOUR });
    const challenge = await createChallenge(server.app, game.id);
    const accepted = await playingTeam(server.app, game);
    await playingTeam(server.app, game);
    await playingTeam(server.app, game, { status: 'Pending' });
    await playingTeam(server.app, game, { status: 'Rejected' });

    const now = Date.now();
    const thisMinute = Math.floor(now / MINUTE) * MINUTE;
    // Two in this minute, three five minutes ago, one two hours ago (outside the hour).
    const times = [now, thisMinute, thisMinute - 5 * MINUTE, thisMinute - 5 * MINUTE + 1];
    times.push(thisMinute - 5 * MINUTE + 59_999, now - 2 * HOUR);
    await server.app.db
      .insertInto('submissions')
      .values(
        times.map((time, i) => ({
          game_id: game.id,
          challenge_id: challenge.id,
          participation_id: accepted.registration.id,
          user_id: accepted.members[0].user.id,
          user_name: accepted.members[0].user.userName,
          answer: `flag{${i}}`,
          status: 'WrongAnswer',
          submit_time: time,
        })),
      )
      .execute();
    await createNotice(server.app.db, {
      gameId: game.id,
      type: 'FirstBlood',
      values: [accepted.team.name, challenge.title],
      time: now - MINUTE,
    });
    await createNotice(server.app.db, { gameId: game.id, type: 'Normal', values: ['hello'] });
    const instance = await server.app.db
      .selectFrom('game_instances')
      .select('id')
      .where('participation_id', '=', accepted.registration.id)
      .executeTakeFirstOrThrow();
    const container = {
      engineId: 'engine',
      image: 'image',
      challengeId: challenge.id,
      ip: '10.0.0.2',
      port: 80,
      publicIp: null,
      publicPort: null,
      isProxy: false,
      capture: false,
      startedAt: now,
      expectStopAt: now + HOUR,
    };
    await insertContainer(server.app.db, {
      ...container,
      id: randomUUID(),
      gameInstanceId: instance.id,
    });
    // An organiser's test container is not a running instance of the game.
    await insertContainer(server.app.db, { ...container, id: randomUUID(), gameInstanceId: null });

    const before = (await overview()).errorsLastHour;
    await insertLogs(server.app.db, [
      buildLogEntry({ time: now, level: 'Error', message: 'boom' }),
      buildLogEntry({ time: now, level: 'Warning', message: 'careful' }),
      buildLogEntry({ time: now - 2 * HOUR, level: 'Fatal', message: 'long ago' }),
    ]);
    const figures = await overview();
    expect(figures.errorsLastHour).toBe(before + 1);
    expect(figures.games.find((g) => g.id === game.id)).toEqual({
      id: game.id,
      title: game.title,
      hidden: false,
      start: game.start,
      end: game.end,
      phase: 'Running',
      teams: 4,
      acceptedTeams: 2,
      pendingTeams: 1,
      runningInstances: 1,
      submissionsPerMinute: [
        { minute: thisMinute - 5 * MINUTE, count: 3 },
        { minute: thisMinute, count: 2 },
      ],
      bloods: [
        {
          type: 'FirstBlood',
          team: accepted.team.name,
          challenge: challenge.title,
          time: now - MINUTE,
        },
      ],
    });
  });

  it('lists running games, then the next upcoming ones, then those ended in the last day', async () => {
    const now = Date.now();
    const running = await createGame(server.app);
    const soon = await createGame(server.app, { start: now + HOUR, end: now + 2 * HOUR });
    const ended = await createGame(server.app, { start: now - 3 * HOUR, end: now - HOUR });
    const old = await createGame(server.app, { start: now - 50 * HOUR, end: now - 26 * HOUR });
    // A hidden game is on the home too, marked so (the console shows a "Hidden" mark).
    const hidden = await createGame(server.app, { hidden: true });
    const games = (await overview()).games;
    expect(games.find((g) => g.id === hidden.id)).toMatchObject({ hidden: true });
    expect(games.find((g) => g.id === running.id)).toMatchObject({ hidden: false });
    const ids = games.map((g) => g.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(old.id);
    const phaseOf = (id: number) => games.find((g) => g.id === id)?.phase;
    expect([phaseOf(running.id), phaseOf(soon.id), phaseOf(ended.id)]).toEqual([
      'Running',
      'Upcoming',
      'Ended',
    ]);
    const phases = games.map((g) => g.phase);
    expect(phases).toEqual([...phases].sort((a, b) => order(a) - order(b)));
    expect(games.find((g) => g.id === soon.id)).toMatchObject({
      teams: 0,
      submissionsPerMinute: [],
      bloods: [],
      runningInstances: 0,
    });
  });

  it.each(['User', 'Monitor'] as const)('refuses a %s with 403', async (role) => {
    const call = await signIn(server.app, role);
    const response = await call({ method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(403);
  });
});

const order = (phase: unknown) => ['Running', 'Upcoming', 'Ended'].indexOf(String(phase));
