// The team container limit with two instances on one database (issue 16), on a real engine: the
// team's members start containers of different challenges at the same moment, each through
// another instance, and the team never has more containers than its limit, whether the policy
// refuses the extra one or destroys the team's oldest. Each instance has its own database pool
// (as another process would); the lease they take turns by is tested alone in
// services/containers/teamLease.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.js';
import type { Game } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, createTestApp, type Caller } from '../support/app.js';
import { createGame } from '../support/competition.js';
import { describeWithDocker } from '../support/docker.js';
import { playingTeam } from './game/support.js';
import { containerChallenge, setPolicy, startContainer } from './containerSupport.js';

describeWithDocker('team container limit on two instances', (getDb, image, engine) => {
  let second: Database;
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    const database = getDb();
    second = await openDatabase(database.openOptions);
    const config = () => engine.config({ VEXIL_RATE_LIMIT: 'off' });
    one = await createTestApp(database, config());
    two = await createTestApp({ ...database, ...second }, config());
  });
  afterAll(async () => {
    await engine.removeOwned(await one?.containers.owner());
    await one?.close();
    await two?.close();
    await second?.close();
  });

  /** A team of `size` members, the first half calling through one instance, the rest through two. */
  async function team(game: Game, size: number) {
    const playing = await playingTeam(one, game, { size });
    const calls: Caller[] = [];
    for (const [index, member] of playing.members.entries()) {
      const { token } = await createSession(one.db, member.user.id, {
        ip: '127.0.0.1',
        now: Date.now(),
      });
      calls.push(caller(index % 2 === 0 ? one : two, token));
    }
    return { ...playing, calls };
  }

  async function teamContainers(participationId: number) {
    const rows = await one.db
      .selectFrom('containers')
      .innerJoin('game_instances', 'game_instances.id', 'containers.game_instance_id')
      .select(['containers.id', 'containers.engine_id', 'game_instances.challenge_id'])
      .where('game_instances.participation_id', '=', participationId)
      .execute();
    const owner = await one.containers.owner();
    const onEngine = await engine.unitsLabelled({
      'vexil.owner': owner,
      'vexil.team': String((await teamOf(participationId)).team_id),
    });
    return { rows, onEngine };
  }

  const teamOf = (participationId: number) =>
    one.db
      .selectFrom('participations')
      .select('team_id')
      .where('id', '=', participationId)
      .executeTakeFirstOrThrow();

  it('refuses the creates over the limit, however the instances interleave them', async () => {
    const game = await createGame(one, { containerCountLimit: 2 });
    const challenges = [];
    for (let i = 0; i < 4; i++) challenges.push(await containerChallenge(one, game.id, image));
    const playing = await team(game, 4);
    const answers = await Promise.all(
      challenges.map((challenge, i) => startContainer(playing.calls[i], game.id, challenge.id)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 200, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json().title).toBe('The number of team containers cannot exceed 2');
    }
    const { rows, onEngine } = await teamContainers(playing.registration.id);
    expect(rows).toHaveLength(2);
    expect(onEngine.map((unit) => unit.id).sort()).toEqual(rows.map((row) => row.engine_id).sort());
  });

  it('destroys the oldest instead, keeping the team at its limit', async () => {
    const game = await createGame(one, { containerCountLimit: 1 });
    const challenges = [];
    for (let i = 0; i < 3; i++) challenges.push(await containerChallenge(one, game.id, image));
    const playing = await team(game, 2);
    expect((await startContainer(playing.calls[0], game.id, challenges[0].id)).statusCode).toBe(
      200,
    );
    await setPolicy(one, { autoDestroyOnLimitReached: true });
    await setPolicy(two, { autoDestroyOnLimitReached: true });
    try {
      const answers = await Promise.all([
        startContainer(playing.calls[0], game.id, challenges[1].id),
        startContainer(playing.calls[1], game.id, challenges[2].id),
      ]);
      expect(
        answers.map((answer) => answer.statusCode),
        answers.map((answer) => answer.body).join('\n'),
      ).toEqual([200, 200]);
      const { rows, onEngine } = await teamContainers(playing.registration.id);
      // The first container went, then whichever of the two started first.
      expect(rows).toHaveLength(1);
      expect([challenges[1].id, challenges[2].id]).toContain(rows[0].challenge_id);
      expect(onEngine.map((unit) => unit.id)).toEqual([rows[0].engine_id]);
    } finally {
      await setPolicy(one, { autoDestroyOnLimitReached: false });
      await setPolicy(two, { autoDestroyOnLimitReached: false });
    }
  });
});
