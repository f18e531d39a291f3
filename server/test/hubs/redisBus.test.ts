// The Redis realtime bus against a real redis-server (REDIS_URL): messages cross instances once,
// channels are dropped with their last listener, and a player connected to one app receives what
// another app published. Skipped without REDIS_URL; required in CI.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubMessage } from '#server/services/realtime.js';
import { groups } from '#server/services/realtime.js';
import { RedisRealtimeBus } from '#server/services/realtimeRedis.js';
import { describeEachDatabase, openTestDatabase } from '../support/databases.js';
import { gameFor, hubClient, nextMessage, startHubApp, waitFor, type HubApp } from './support.js';
import { REASON, skippedBecause } from '../support/skipReason.js';

const url = process.env.REDIS_URL;

if (!url) {
  if (process.env.CI) {
    describe('Redis realtime bus', () => {
      it('has a Redis server', () => {
        throw new Error('REDIS_URL is required in CI');
      });
    });
  } else {
    describe.skip('Redis realtime bus', skippedBecause(REASON.redis), () => {
      it('needs REDIS_URL', () => {});
    });
  }
} else {
  defineRedisSuites(url);
}

function defineRedisSuites(redisUrl: string): void {
  describe('Redis realtime bus', () => {
    const prefix = `vexil-test-${process.pid}-${Date.now()}:`;
    let first: RedisRealtimeBus;
    let second: RedisRealtimeBus;
    let probe: Redis;
    beforeAll(async () => {
      first = new RedisRealtimeBus(redisUrl, { prefix });
      second = new RedisRealtimeBus(redisUrl, { prefix });
      probe = new Redis(redisUrl);
      await Promise.all([first.ready(), second.ready()]);
    });
    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
      probe.disconnect();
    });

    const subscribers = async (group: string) => {
      const [, count] = (await probe.pubsub('NUMSUB', `${prefix}hub:${group}`)) as [string, number];
      return Number(count);
    };

    it('delivers to the other instance, and once to the publishing one', async () => {
      const remote: HubMessage[] = [];
      const local: HubMessage[] = [];
      const offRemote = second.subscribe('game:1', (m) => remote.push(m));
      const offLocal = first.subscribe('game:1', (m) => local.push(m));
      await expect.poll(() => subscribers('game:1')).toBe(2);

      first.publish('game:1', 'ReceivedGameNotice', { id: 1, time: 5 });
      expect(local).toEqual([{ target: 'ReceivedGameNotice', payload: { id: 1, time: 5 } }]);
      await waitFor(() => remote.length === 1);
      expect(remote[0]).toEqual({ target: 'ReceivedGameNotice', payload: { id: 1, time: 5 } });

      // Give a duplicate echo the time to arrive, then check there was none.
      second.publish('game:1', 'ReceivedGameNotice', { id: 2, time: 6 });
      await waitFor(() => local.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(local).toHaveLength(2);
      expect(remote).toHaveLength(2);
      offRemote();
      offLocal();
    });

    it('subscribes a channel while a listener exists, and only that group', async () => {
      const received: HubMessage[] = [];
      const offA = second.subscribe('monitor:7', (m) => received.push(m));
      const offB = second.subscribe('monitor:7', () => undefined);
      await expect.poll(() => subscribers('monitor:7')).toBe(1);
      expect(second.listenerCounts().get('monitor:7')).toBe(2);

      first.publish('monitor:8', 'ReceivedGameEvent', { time: 1 });
      first.publish('monitor:7', 'ReceivedGameEvent', { time: 2 });
      await waitFor(() => received.length === 1);
      expect(received[0].payload).toEqual({ time: 2 });

      offA();
      offA();
      expect(second.listenerCounts().get('monitor:7')).toBe(1);
      offB();
      expect(second.listenerCounts().has('monitor:7')).toBe(false);
      await expect.poll(() => subscribers('monitor:7')).toBe(0);
    });
  });

  describeEachDatabase('hubs across two instances over Redis', (getDb) => {
    let one: HubApp;
    let two: HubApp;
    beforeAll(async () => {
      one = await startHubApp(getDb());
      two = await startHubApp(getDb());
    });
    afterAll(async () => {
      await one.app.close();
      await two.app.close();
    });

    it('uses the Redis bus when REDIS_URL is set', () => {
      expect(one.app.realtime).toBeInstanceOf(RedisRealtimeBus);
    });

    it('pushes a notice published on one instance to a player connected to the other', async () => {
      const game = await gameFor(one.app);
      const connection = hubClient(`${one.base}/hub/user?game=${game}`);
      await connection.start();
      const bus = one.app.realtime as RedisRealtimeBus;
      await waitFor(() => bus.listenerCounts().get(groups.players(game)) === 1);
      await (two.app.realtime as RedisRealtimeBus).ready();

      // The SUBSCRIBE may still be on its way: publish until the first copy arrives.
      const notice = nextMessage(connection, 'ReceivedGameNotice');
      let arrived = false;
      void notice.then(() => (arrived = true));
      while (!arrived) {
        two.app.realtime.publish(groups.players(game), 'ReceivedGameNotice', {
          id: 3,
          time: Date.UTC(2024, 0, 1),
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await notice).toMatchObject({ id: 3, time: '2024-01-01T00:00:00.000+00:00' });
      await connection.stop();
      await waitFor(() => !bus.listenerCounts().has(groups.players(game)));
    });
    it('keeps deployments on one Redis apart: another database never hears these groups', async () => {
      // Game ids overlap between deployments (each database counts from 1), so an app of another
      // database listening on the same group name must not get these messages.
      const otherDb = await openTestDatabase(getDb().dialect);
      const other = await startHubApp(otherDb);
      try {
        const group = groups.players(await gameFor(one.app));
        const heard: HubMessage[] = [];
        const crossed: HubMessage[] = [];
        const offOther = other.app.realtime.subscribe(group, (m) => heard.push(m));
        const offTwo = two.app.realtime.subscribe(group, (m) => crossed.push(m));
        await Promise.all(
          [other, two].map((hub) => (hub.app.realtime as RedisRealtimeBus).ready()),
        );
        while (crossed.length === 0) {
          one.app.realtime.publish(group, 'ReceivedGameNotice', { id: 4, time: 7 });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).toEqual([]);
        offOther();
        offTwo();
      } finally {
        await other.app.close();
        await otherDb.close();
      }
    });
  });
}
