// With DOCKER_HOST pointing at a socket nobody listens on, every container operation answers a
// clear 503, writes no row, keeps no guard and leaves the rows it had alone, with either provider.
// No engine at all is no transient failure: a start fails at once, without a minute of retries.
// Needs no engine.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTAINER_PROVIDERS } from '#server/config.js';
import { insertContainer } from '#server/db/repositories/containers.js';
import { findInstance } from '#server/db/repositories/instances.js';
import { createTestApp, signIn, testConfig, type Caller } from '../support/app.js';
import { createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { availableEngine } from '../support/docker.js';
import { playingTeam } from './game/support.js';
import {
  challengeContext,
  containerChallenge,
  destroyContainer,
  startContainer,
} from './containerSupport.js';

const UNAVAILABLE = { title: 'The container engine is unavailable', status: 503 };

for (const provider of CONTAINER_PROVIDERS) {
  describeEachDatabase(`container operations without an engine [${provider}]`, (getDb) => {
    let app: FastifyInstance;
    let admin: Caller;
    beforeAll(async () => {
      const deadSocket = `unix:///tmp/vexil-no-engine-${randomUUID()}.sock`;
      app = await createTestApp(
        getDb(),
        testConfig({ DOCKER_HOST: deadSocket, VEXIL_CONTAINER_PROVIDER: provider }),
      );
      admin = await signIn(app, 'Admin');
    });
    afterAll(() => app.close());

    const rowCount = async () =>
      (await app.db.selectFrom('containers').select('id').execute()).length;

    /** A row as if the container had been started while the engine still answered. */
    async function recordedContainer(challengeId: number, gameInstanceId: number | null) {
      const id = randomUUID();
      const now = Date.now();
      await insertContainer(app.db, {
        id,
        engineId: `engine-${id}`,
        image: 'vexil-test/busybox-echo:1',
        challengeId,
        gameInstanceId,
        ip: '172.17.0.9',
        port: 8080,
        publicIp: '192.0.2.2',
        publicPort: 40000,
        isProxy: false,
        capture: false,
        startedAt: now,
        expectStopAt: now + 3_600_000,
      });
      return id;
    }

    it('answers 503 to starts and writes nothing', async () => {
      const game = await createGame(app);
      const challenge = await containerChallenge(app, game.id, 'vexil-test/busybox-echo:1');
      const team = await playingTeam(app, game);
      for (let attempt = 0; attempt < 2; attempt++) {
        // The second attempt is not refused by the 10-second guard: the failure released it.
        const started = await startContainer(team.call, game.id, challenge.id);
        expect(started.statusCode).toBe(503);
        expect(started.json()).toEqual(UNAVAILABLE);
      }
      const test = await admin({
        method: 'POST',
        url: `/api/edit/games/${game.id}/challenges/${challenge.id}/container`,
      });
      expect(test.json()).toEqual(UNAVAILABLE);
      expect(await rowCount()).toBe(0);
      const instance = await findInstance(app.db, team.registration.id, challenge.id);
      expect(instance?.lastContainerOperation).toBeNull();
      // The team's view says why its start failed, until it starts again.
      expect((await challengeContext(team.call, game.id, challenge.id)).containerStart).toEqual({
        state: 'Failed',
        position: 0,
        reason: UNAVAILABLE.title,
      });
      const list = await admin({ method: 'GET', url: '/api/admin/instances' });
      expect(list.json()).toEqual({ data: [], length: 0, total: 0 });

      const engine = availableEngine(provider);
      const owner = await app.containers.owner();
      if (engine) expect(await engine.unitsLabelled({ 'vexil.owner': owner })).toEqual([]);
    });

    it('answers 503 to destroys and keeps the rows', async () => {
      const game = await createGame(app);
      const challenge = await containerChallenge(app, game.id, 'vexil-test/busybox-echo:1');
      const team = await playingTeam(app, game);
      const instance = await findInstance(app.db, team.registration.id, challenge.id);
      const teamContainer = await recordedContainer(challenge.id, instance!.id);
      await recordedContainer(challenge.id, null);
      const before = await rowCount();

      const destroyed = await destroyContainer(team.call, game.id, challenge.id);
      expect(destroyed.json()).toEqual(UNAVAILABLE);
      const byAdmin = await admin({
        method: 'DELETE',
        url: `/api/admin/instances/${teamContainer}`,
      });
      expect(byAdmin.json()).toEqual(UNAVAILABLE);
      const test = await admin({
        method: 'DELETE',
        url: `/api/edit/games/${game.id}/challenges/${challenge.id}/container`,
      });
      expect(test.json()).toEqual(UNAVAILABLE);
      expect(await rowCount()).toBe(before);
    });
  });
}
