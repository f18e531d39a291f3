// The site settings across two instances of one deployment (issue 16): an organiser's change saved
// through one instance is served by the other well within the cache's own life, so through the
// cluster events (with Redis); a copy also expires by itself. Needs REDIS_URL (required in CI).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.js';
import { defaultSettings } from '#server/domain/siteSettings.js';
import { openDatabase } from '#server/db/database.js';
import { RedisClusterEvents } from '#server/services/clusterEventsRedis.js';
import { SETTINGS_CACHE_MAX_AGE_MS } from '#server/services/cluster/sharedSettings.js';
import { caller, createTestApp, signIn, testConfig, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { REASON, skipUnless } from '../support/skipReason.js';

const redisUrl = process.env.REDIS_URL;
/** Well below the cache's life: only the change message explains a change seen this fast. */
const WITHIN_MS = Math.min(1_000, SETTINGS_CACHE_MAX_AGE_MS / 4);

describe(
  'site settings across instances',
  skipUnless(Boolean(redisUrl) || Boolean(process.env.CI), REASON.redis),
  () => {
    describeEachDatabase('two apps', (getDb) => {
      let one: FastifyInstance;
      let two: FastifyInstance;
      let second: Database | undefined;
      let admin: Caller;
      beforeAll(async () => {
        if (!redisUrl) throw new Error('REDIS_URL is required in CI');
        const deployment = mkdtempSync(join(tmpdir(), 'vexil-settings-'));
        const config = () => testConfig({ VEXIL_DATA: deployment, REDIS_URL: redisUrl });
        one = await createTestApp(getDb(), config());
        if (getDb().dialect === 'postgres') second = await openDatabase(getDb().openOptions);
        two = await createTestApp(second ? { ...getDb(), ...second } : getDb(), config());
        await Promise.all(
          [one, two].map((app) => (app.clusterEvents as RedisClusterEvents).ready()),
        );
        admin = await signIn(one, 'Admin');
      });
      afterAll(async () => {
        await one?.close();
        await two?.close();
        await second?.close();
      });

      const titleOn = async (app: FastifyInstance) =>
        ((await caller(app)({ method: 'GET', url: '/api/config' })).json() as { title: string })
          .title;

      it('serves through the other instance a title changed through one', async () => {
        const before = await titleOn(two); // cached on `two`
        const title = `Changed ${Math.random().toString(36).slice(2, 8)}`;
        expect(before).not.toBe(title);
        const response = await admin({
          method: 'PUT',
          url: '/api/admin/config',
          payload: { globalConfig: { ...defaultSettings.globalConfig, title } },
        });
        expect(response.statusCode, response.body).toBe(200);
        await expect.poll(() => titleOn(two), { timeout: WITHIN_MS, interval: 20 }).toBe(title);
        expect(await titleOn(one)).toBe(title);
      });
    });
  },
);
