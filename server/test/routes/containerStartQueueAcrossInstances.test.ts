// The container start queue with several instances on one PostgreSQL database and one engine
// (issue 24), as separate processes of one deployment run them (support/twoInstances.ts: each
// instance with its own pool, one Redis): they share one queue and one bound on the engine's
// creates, a start given back by an instance that stops is taken up by another, and a start
// whose instance died mid-create (its lease lapsed, its container half made) is completed by
// another, with nothing of the dead try left behind.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInstance } from '#server/db/repositories/instances.js';
import type { Game } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { containerLabels, startContainerName } from '#server/domain/containers.js';
import { caller, type Caller } from '../support/app.js';
import { createGame } from '../support/competition.js';
import { describeEachEngine, ECHO_PORT } from '../support/docker.js';
import { hangUp, probeProviders, type ProviderProbe } from '../support/providerProbe.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';
import { playingTeam } from './game/support.js';
import {
  challengeContext,
  containerChallenge,
  containerRows,
  startContainer,
} from './containerSupport.js';

const SLOTS = 2;
const ENGINE_WAIT = { timeout: 240_000, interval: 200 };

describeEachEngine('container start queue on two instances', (image, engine) => {
  describe('[postgres]', skipUnless(twoInstancesReady, twoInstancesNeed), () => {
    const cluster = useTwoInstances((env) =>
      engine.config({
        ...env,
        VEXIL_CONTAINER_STARTS: String(SLOTS),
        VEXIL_CONTAINER_START_WAIT: '0',
      }),
    );
    let one: FastifyInstance;
    let two: FastifyInstance;
    let probe: ProviderProbe;
    beforeAll(() => {
      ({ one, two } = cluster);
      probe = probeProviders(one, two);
    });
    afterAll(async () => {
      probe?.restore();
      await engine.removeOwned(await one?.containers.owner());
    });

    /** A team whose captain calls through `app`. */
    async function teamOn(app: FastifyInstance, game: Game) {
      const playing = await playingTeam(one, game);
      const { token } = await createSession(one.db, playing.members[0].user.id, {
        ip: '127.0.0.1',
        now: Date.now(),
      });
      return {
        ...playing,
        call: caller(app, token) as Caller,
        through: (other: FastifyInstance) => caller(other, token),
      };
    }

    it('share one queue and one bound on the engine', async () => {
      const game = await createGame(one);
      const challenge = await containerChallenge(one, game.id, image);
      const teams = [];
      for (let i = 0; i < 16; i++) teams.push(await teamOn(i % 2 === 0 ? one : two, game));
      probe.hold();
      const answers = await Promise.all(
        teams.map((t) => startContainer(t.call, game.id, challenge.id)),
      );
      expect(answers.map((a) => a.json().status)).toEqual(teams.map(() => 'Pending'));

      // Two creates on the engine between both instances; one line for every team, wherever it
      // asked.
      await expect.poll(() => probe.inFlight, ENGINE_WAIT).toBe(SLOTS);
      const views = await Promise.all(
        teams.map((t) => challengeContext(t.call, game.id, challenge.id)),
      );
      expect(views.filter((v) => v.containerStart?.state === 'Starting')).toHaveLength(SLOTS);
      expect(
        views
          .filter((v) => v.containerStart?.state === 'Queued')
          .map((v) => v.containerStart!.position)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: teams.length - SLOTS }, (_, i) => i + 1));

      probe.release();
      for (const team of teams) {
        await expect
          .poll(
            async () => (await challengeContext(team.call, game.id, challenge.id)).instanceEntry,
            ENGINE_WAIT,
          )
          .not.toBeNull();
      }
      expect(probe.maxInFlight).toBe(SLOTS);
      const units = await engine.unitsLabelled({
        'vexil.owner': await one.containers.owner(),
        'vexil.challenge': String(challenge.id),
      });
      const rows = (
        await Promise.all(teams.map((t) => containerRows(one, t.registration.id, challenge.id)))
      ).flat();
      expect(rows).toHaveLength(teams.length);
      expect(units.map((u) => u.id).sort()).toEqual(rows.map((r) => r.engine_id).sort());
    }, 600_000);

    it('take up a start that an instance gave back when it stopped', async () => {
      const three = await cluster.another();
      const threeProbe = probeProviders(three);
      const game = await createGame(one);
      const challenge = await containerChallenge(one, game.id, image);
      const team = await teamOn(three, game);
      threeProbe.hold();
      expect((await startContainer(team.call, game.id, challenge.id)).statusCode).toBe(200);
      const gameInstance = (await findInstance(one.db, team.registration.id, challenge.id))!;
      const start = () =>
        one.db
          .selectFrom('container_starts')
          .selectAll()
          .where('game_instance_id', '=', gameInstance.id)
          .executeTakeFirst();
      await expect
        .poll(async () => (await start())?.held_by, ENGINE_WAIT)
        .toMatch(new RegExp(`^${three.instanceId}#`));

      // The instance stops while the engine has its create: the engine hangs up on it, and
      // instead of trying again it gives the start back.
      const closing = three.close();
      await expect.poll(() => threeProbe.creates.length, ENGINE_WAIT).toBe(1);
      threeProbe.failHeld(hangUp());
      await closing;

      await expect
        .poll(
          async () =>
            (await challengeContext(team.through(one), game.id, challenge.id)).instanceEntry,
          ENGINE_WAIT,
        )
        .not.toBeNull();
      expect(await start()).toBeUndefined();
      const [row] = await containerRows(one, team.registration.id, challenge.id);
      const units = await engine.unitsLabelled({
        'vexil.owner': await one.containers.owner(),
        'vexil.team': String(team.team.id),
      });
      expect(units.map((u) => u.id)).toEqual([row.engine_id]);
    }, 300_000);

    it('complete a start whose instance died mid-create, removing what it had made', async () => {
      const game = await createGame(one);
      const challenge = await containerChallenge(one, game.id, image);
      const team = await teamOn(one, game);
      // The team's view fixes its flag, as it does before a Start.
      await challengeContext(team.call, game.id, challenge.id);
      const gameInstance = (await findInstance(one.db, team.registration.id, challenge.id))!;
      const owner = await one.containers.owner();

      // What a dead instance leaves: a start it held (its lease running out), and the container it
      // had made on the engine for it, never recorded.
      const now = Date.now();
      const taken = await one.db
        .insertInto('container_starts')
        .values({
          game_instance_id: gameInstance.id,
          participation_id: team.registration.id,
          state: 'starting',
          slot: SLOTS - 1,
          held_by: 'dead-instance#0',
          lease_until: now + 60_000,
          attempts: 1,
          user_name: team.members[0].user.userName,
          team_name: team.team.name,
          requested_at: now,
          taken_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const left = await one.containers.provider.create({
        name: startContainerName(challenge.id, owner, taken.id),
        image,
        env: {},
        memoryMiB: 32,
        cpuTenths: 1,
        storageMiB: 128,
        exposedPort: ECHO_PORT,
        publish: false,
        labels: containerLabels({
          owner,
          id: randomUUID(),
          challengeId: challenge.id,
          gameId: game.id,
          team: String(team.team.id),
          startId: taken.id,
        }),
      });
      // The instance is gone: nobody renews its lease, which lapses.
      await one.db
        .updateTable('container_starts')
        .set({ lease_until: Date.now() - 1 })
        .where('id', '=', taken.id)
        .execute();

      await expect
        .poll(
          async () => (await challengeContext(team.call, game.id, challenge.id)).instanceEntry,
          ENGINE_WAIT,
        )
        .not.toBeNull();
      const [row] = await containerRows(one, team.registration.id, challenge.id);
      expect(row.engine_id).not.toBe(left.engineId);
      const units = await engine.unitsLabelled({
        'vexil.owner': owner,
        'vexil.start': String(taken.id),
      });
      expect(units.map((u) => u.id)).toEqual([row.engine_id]);
      const events = await one.db
        .selectFrom('game_events')
        .select(['type', 'team_name'])
        .where('game_id', '=', game.id)
        .execute();
      expect(events).toEqual([{ type: 'ContainerStart', team_name: team.team.name }]);
    }, 300_000);
  });
});
