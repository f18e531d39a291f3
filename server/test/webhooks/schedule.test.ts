// Game start and end have no request: the schedule job queues them. However often it runs, on
// however many instances, each endpoint gets one GameStart and one GameEnd per game (the outbox
// key `game:<id>:start` is unique per endpoint); endpoints added after the start do not get it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_RETENTION_MS,
  enqueueGameMilestones,
  runScheduleOnce,
} from '#server/services/webhooks/schedule.js';
import { signIn } from '../support/app.js';
import { createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';
import { startWebhookReceiver, verify, type WebhookReceiver } from '../support/webhookReceiver.js';
import { addWebhook, webhookTestConfig } from './support.js';

async function queued(app: FastifyInstance, webhookId: number) {
  const rows = await app.db
    .selectFrom('webhook_deliveries')
    .select(['event', 'event_key'])
    .where('webhook_id', '=', webhookId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.event} ${row.event_key}`);
}

describeEachDatabase('webhook game start and end', (getDb) => {
  const server = useTestApp(getDb, { config: () => webhookTestConfig() });
  const admin = server.as('Admin');
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('queues a game’s start and end once, however often the job runs', async () => {
    const hook = await addWebhook(admin, {
      url: receiver.url('/milestones'),
      format: 'Json',
      events: ['GameStart', 'GameEnd'],
    });
    // Starts after the endpoint was added, ends later.
    const start = Date.now() + 1;
    const game = await createGame(server.app, { start, end: start + 1_000 });
    expect(await enqueueGameMilestones(server.app.db, start - 1)).toBe(0);
    await server.app.webhooks.runSchedule(start + 10);
    expect(await enqueueGameMilestones(server.app.db, start + 10)).toBe(0);
    await server.app.webhooks.runSchedule(start + 2_000);
    await Promise.all([
      enqueueGameMilestones(server.app.db, start + 2_000),
      enqueueGameMilestones(server.app.db, start + 3_000),
    ]);
    expect(await queued(server.app, hook.id)).toEqual([
      `GameStart game:${game.id}:start`,
      `GameEnd game:${game.id}:end`,
    ]);
    const [started, ended] = await receiver.waitFor('/milestones', 2);
    expect(started.json).toMatchObject({
      event: 'GameStart',
      time: start,
      game: { id: game.id, title: game.title },
      start,
      end: start + 1_000,
    });
    expect(ended.json).toMatchObject({ event: 'GameEnd', time: start + 1_000 });
    expect(verify(started, hook.secret)).toBe(true);
  });

  it('does not tell an endpoint added later about a game that had already started', async () => {
    const game = await createGame(server.app);
    const hook = await addWebhook(admin, {
      url: receiver.url('/late'),
      format: 'Json',
      gameId: game.id,
      events: ['GameStart', 'GameEnd'],
    });
    await enqueueGameMilestones(server.app.db, Date.now());
    expect(await queued(server.app, hook.id)).toEqual([]);
  });

  it('keeps the delivery log a month: older settled deliveries go, pending ones stay', async () => {
    const hook = await addWebhook(admin, {
      url: receiver.url('/log'),
      format: 'Json',
      events: ['Solve'],
    });
    const now = Date.now();
    const row = (key: string, status: string, at: number) => ({
      webhook_id: hook.id,
      event: 'Solve',
      event_key: key,
      payload: '{}',
      status,
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
    });
    await server.app.db
      .insertInto('webhook_deliveries')
      .values([
        row('old-delivered', 'Delivered', now - DELIVERY_RETENTION_MS - 1),
        row('old-failed', 'Failed', now - DELIVERY_RETENTION_MS - 1),
        row('recent', 'Delivered', now - DELIVERY_RETENTION_MS + 60_000),
        // Still to be sent, however old: never pruned.
        row('waiting', 'Pending', now + DELIVERY_RETENTION_MS),
      ])
      .execute();
    await runScheduleOnce(server.app.db, now);
    const left = await server.app.db
      .selectFrom('webhook_deliveries')
      .select('event_key')
      .where('webhook_id', '=', hook.id)
      .orderBy('event_key')
      .execute();
    expect(left.map((r) => r.event_key)).toEqual(['recent', 'waiting']);
  });
});

describe(
  'webhook game start and end on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(webhookTestConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => void ({ one, two } = cluster));

    it('queues and sends each start once when both instances run the job', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const admin = await signIn(one, 'Admin');
        const hook = await addWebhook(admin, {
          url: receiver.url('/both'),
          format: 'Json',
          events: ['GameStart'],
        });
        const games = [];
        for (let i = 0; i < 5; i++) games.push(await createGame(one, { start: Date.now() + 1 }));
        const now = Date.now() + 10;
        // The jobs of both instances, at once and again, past the cluster lock too.
        await Promise.all([
          one.webhooks.runSchedule(now),
          two.webhooks.runSchedule(now),
          enqueueGameMilestones(one.db, now),
          enqueueGameMilestones(two.db, now),
          enqueueGameMilestones(two.db, now + 1),
        ]);
        const keys = await queued(one, hook.id);
        expect(keys.sort()).toEqual(games.map((g) => `GameStart game:${g.id}:start`).sort());
        // Both instances send; each delivery reaches the receiver once.
        await receiver.waitFor('/both', games.length);
        await expect
          .poll(async () =>
            (
              await one.db
                .selectFrom('webhook_deliveries')
                .select('status')
                .where('webhook_id', '=', hook.id)
                .execute()
            ).every((row) => row.status === 'Delivered'),
          )
          .toBe(true);
        const ids = receiver.at('/both').map((r) => r.headers['x-vexil-delivery']);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(games.length);
      } finally {
        await receiver.close();
      }
    });
  },
);
