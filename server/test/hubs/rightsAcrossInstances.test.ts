// Hub connections follow their session across instances (issue 23): a ban, demotion or sign-out
// made through one instance closes the user's admin and monitor hubs on the other one, through
// the sessions cluster events over Redis. Needs REDIS_URL (required in CI).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_ENDED } from '#server/plugins/hubs/connection.js';
import { RedisClusterEvents } from '#server/services/clusterEventsRedis.js';
import { groups } from '#server/services/realtime.js';
import { caller, createTestApp, signIn, testConfig, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { REASON, skippedBecause } from '../support/skipReason.js';
import { gameFor } from './support.js';
import { closedWithError, openHub, signedIn, whenLive, type WatchedHub } from './sessionRights.js';

const redisUrl = process.env.REDIS_URL;

if (!redisUrl) {
  if (process.env.CI) {
    describe('hub rights across instances', () => {
      it('has a Redis server', () => {
        throw new Error('REDIS_URL is required in CI');
      });
    });
  } else {
    describe.skip('hub rights across instances', skippedBecause(REASON.redis), () => {
      it('needs REDIS_URL', () => {});
    });
  }
} else {
  defineSuite(redisUrl);
}

function defineSuite(url: string): void {
  describeEachDatabase('hub rights across instances', (getDb) => {
    let one: FastifyInstance;
    let two: FastifyInstance;
    let twoBase: string;
    let admin: Caller;
    beforeAll(async () => {
      const deployment = mkdtempSync(join(tmpdir(), 'vexil-hub-rights-'));
      const instance = () =>
        createTestApp(getDb(), testConfig({ VEXIL_DATA: deployment, REDIS_URL: url }));
      one = await instance();
      two = await instance();
      await two.listen({ host: '127.0.0.1', port: 0 });
      twoBase = `http://127.0.0.1:${(two.server.address() as AddressInfo).port}`;
      await Promise.all([one, two].map((app) => (app.clusterEvents as RedisClusterEvents).ready()));
      admin = await signIn(one, 'Admin');
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    /** A monitor hub connection on `two` that has received a submission. */
    async function monitorOnTwo(token: string, game: number): Promise<WatchedHub> {
      const hub = await openHub(`${twoBase}/hub/monitor?game=${game}`, token, [
        'ReceivedSubmissions',
      ]);
      const answer = `flag{live-${randomUUID()}}`;
      await whenLive(
        hub,
        'ReceivedSubmissions',
        () =>
          two.realtime.publish(groups.monitors(game), 'ReceivedSubmissions', {
            answer,
            status: 'Accepted',
            time: Date.now(),
            user: 'alice',
            team: 'red',
            challenge: 'Web 1',
          }),
        (submission) => (submission as { answer: string }).answer === answer,
      );
      return hub;
    }

    it('closes a monitor hub on one instance when the monitor is banned through the other', async () => {
      const game = await gameFor(one);
      const monitor = await signedIn(one, 'Monitor');
      const hub = await monitorOnTwo(monitor.token, game);
      const ban = await admin({
        method: 'PUT',
        url: `/api/admin/users/${monitor.user.id}`,
        payload: { role: 'Banned' },
      });
      expect(ban.statusCode).toBe(200);
      expect((await closedWithError(hub)).message).toContain(RIGHTS_ENDED);
    });

    it('closes an admin hub on one instance when the admin signs out through the other', async () => {
      const target = await signedIn(one, 'Admin');
      const hub = await openHub(`${twoBase}/hub/admin`, target.token, ['ReceivedLog']);
      const marker = `live ${randomUUID()}`;
      await whenLive(
        hub,
        'ReceivedLog',
        () => two.log.info(marker),
        (log) => (log as { msg: string }).msg === marker,
      );
      const signOut = await caller(
        one,
        target.token,
      )({
        method: 'POST',
        url: '/api/account/logout',
      });
      expect(signOut.statusCode).toBe(200);
      expect((await closedWithError(hub)).message).toContain(RIGHTS_ENDED);
    });
  });
}
