// The Redis board store against a real server (REDIS_URL); skipped without one, except in CI.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeBoard, rowOf, type BoardBytes } from '#server/services/scoreboard/boardBytes.js';
import { unsolvedBoard } from './boardModels.js';
import { Boards } from '#server/services/scoreboard/boards.js';
import type { BoardBuilder } from '#server/services/scoreboard/builder.js';
import {
  databaseNamespace,
  RedisBoardStore,
  SCOREBOARD_TTL_SECONDS,
  sourceIdentity,
} from '#server/services/scoreboard/redisStore.js';
import { caller, createTestApp, signIn } from '../../support/app.js';
import { openTestDatabase, type TestDatabase } from '../../support/databases.js';
import { seedGame, seedTeam } from '../../routes/game/scoreboardFixtures.js';
import { REASON, skippedBecause } from '../../support/skipReason.js';

const url = process.env.REDIS_URL;

const board = (gameId: number, version: number, teams = 0): BoardBytes =>
  encodeBoard({ id: gameId, startTime: 5 }, unsolvedBoard(teams, { version }));

if (!url && process.env.CI) {
  describe('Redis board store', () => {
    it('has a Redis server', () => {
      throw new Error('REDIS_URL is required in CI');
    });
  });
} else if (!url) {
  describe.skip('Redis board store', skippedBecause(REASON.redis), () => {
    it('needs REDIS_URL', () => {});
  });
} else {
  describe('Redis board store', () => {
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    const stores: RedisBoardStore[] = [];
    const store = (ns = namespace) => {
      const created = new RedisBoardStore(new Redis(url), ns);
      stores.push(created);
      return created;
    };
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(url);
    });
    afterAll(async () => {
      const keys = await redis.keys(`vexil:board:${namespace}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      await Promise.all(stores.map((s) => s.close()));
    });

    it('stores, reads and deletes boards with an expiry, never replacing a newer one', async () => {
      const mine = store();
      const other = store();
      expect(await other.get(1)).toBeUndefined();
      await mine.set(board(1, 100, 3));
      const read = (await other.get(1))!;
      expect(read.version).toBe(100);
      expect(read.etag).toBe(board(1, 100, 3).etag);
      expect(read.json.equals(board(1, 100, 3).json)).toBe(true);
      expect(rowOf(read, 2)).toBe(rowOf(board(1, 100, 3), 2));
      expect(rowOf(read, 2)).toContain(`"id":2`);
      expect(read.startTime).toBe(5);
      expect(await redis.ttl(mine.key(1))).toBeGreaterThan(SCOREBOARD_TTL_SECONDS - 10);

      await other.set(board(1, 99)); // finished later, built earlier
      const third = store();
      expect((await third.get(1))!.version).toBe(100);

      await mine.delete(1);
      expect(await store().get(1)).toBeUndefined();
    });

    it('keeps namespaces apart', async () => {
      await store(`${namespace}-a`).set(board(7, 1));
      expect(await store(`${namespace}-b`).get(7)).toBeUndefined();
      expect(databaseNamespace('postgres://x/a')).not.toBe(databaseNamespace('postgres://x/b'));
    });

    it('shares boards between instances: one builds, the others read', async () => {
      const shared = `${namespace}-shared`;
      let builds = 0;
      const builder: BoardBuilder = {
        build: async (gameId, version) => (builds++, board(gameId, version)),
        close: async () => {},
      };
      const neverBuilds: BoardBuilder = {
        build: async () => {
          throw new Error('the reading instance must not build');
        },
        close: async () => {},
      };
      const building = new Boards(builder, store(shared), { minIntervalMs: 0 });
      const reading = new Boards(neverBuilds, store(shared), { minIntervalMs: 0 });
      const first = (await building.get(3))!;
      expect((await reading.get(3))!.version).toBe(first.version);

      building.invalidate(3);
      await building.settle(3);
      const second = building.peek(3)!;
      expect(second.version).toBeGreaterThan(first.version);
      // Told by the cluster message, the reader drops its copy and reads the new board.
      reading.builtElsewhere(3, second.version);
      expect((await reading.get(3))!.version).toBe(second.version);
      expect(builds).toBe(2);
    });

    it('is where the app keeps boards when REDIS_URL is set', async () => {
      const database: TestDatabase = await openTestDatabase('sqlite');
      const app = await createTestApp(database);
      try {
        const game = await seedGame(app.db);
        await seedTeam(app.db, game.id);
        const response = await caller(app)({
          method: 'GET',
          url: `/api/game/${game.id}/scoreboard`,
        });
        expect(response.statusCode).toBe(200);
        const ns = databaseNamespace(sourceIdentity(database.source));
        const key = `vexil:board:${ns}:${game.id}`;
        const json = await redis.hgetBuffer(key, 'json');
        expect(JSON.parse(json!.toString())).toEqual(response.json());
        await app.scoreboards.remove(game.id);
        expect(await redis.exists(key)).toBe(0);
      } finally {
        await app.close();
        await database.close();
      }
    });

    it('serves on every instance the board any of them built', async () => {
      const database: TestDatabase = await openTestDatabase('sqlite');
      const one = await createTestApp(database);
      const two = await createTestApp(database);
      try {
        const game = await seedGame(one.db);
        await seedTeam(one.db, game.id);
        const url = `/api/game/${game.id}/scoreboard`;
        const first = await caller(two)({ method: 'GET', url });
        expect(first.json().items).toHaveLength(1);

        await seedTeam(one.db, game.id);
        one.scoreboards.invalidate(game.id);
        await one.scoreboards.settle(game.id);
        const rebuilt = one.scoreboards.peek(game.id)!;
        // Told through Redis, the other instance drops its copy and serves the new bytes.
        await vi.waitFor(
          async () => {
            const read = await caller(two)({ method: 'GET', url });
            expect(read.headers.etag).toBe(rebuilt.etag);
            expect(read.json().items).toHaveLength(2);
          },
          { timeout: 5_000 },
        );

        // Deleted through one instance, the game's board is gone from the other too.
        const admin = await signIn(one, 'Admin');
        expect(
          (await admin({ method: 'DELETE', url: `/api/edit/games/${game.id}` })).statusCode,
        ).toBe(200);
        await vi.waitFor(
          async () => expect((await caller(two)({ method: 'GET', url })).statusCode).toBe(404),
          { timeout: 5_000 },
        );
      } finally {
        await one.close();
        await two.close();
        await database.close();
      }
    });
  });
}
