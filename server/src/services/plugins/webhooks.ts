/**
 * `app.webhooks`: the webhook sender (every instance sends what it claims) and the game start/end
 * schedule (one instance per interval, the cluster lock); both start when the app is ready and
 * stop when it closes. Events are queued by the code where they happen (services/webhooks/
 * outbox.ts), never through this service.
 */
import { startWebhookSchedule, type ScheduleJob } from '../webhooks/schedule.js';
import { WebhookSender } from '../webhooks/sender.js';
import { servicePlugin } from '../servicePlugin.js';

export interface WebhookService {
  sender: WebhookSender;
  /** Runs the game start/end job now (tests); undefined until the app is ready. */
  runSchedule(now?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookService;
  }
}

export const webhooksPlugin = servicePlugin(
  'webhooks',
  (app) => {
    const { database, config } = app;
    const storageFault = (error: unknown) => database.health.failed(error) !== null;
    const sender = new WebhookSender(
      database.db,
      app.instanceId,
      config.webhooks,
      app.log,
      storageFault,
    );
    let schedule: ScheduleJob | undefined;
    app.addHook('onReady', async () => {
      sender.start();
      schedule = startWebhookSchedule(
        database.db,
        app.clusterLock,
        config.webhooks.scheduleIntervalMs,
        (error) => {
          if (!storageFault(error)) app.log.error({ err: error }, 'Webhook schedule failed');
        },
      );
    });
    app.addHook('onClose', async () => {
      await schedule?.stop();
      await sender.stop();
    });
    return {
      sender,
      runSchedule: (now?: number) => schedule?.runOnce(now) ?? Promise.resolve(),
    };
  },
  ['config', 'database', 'clusterLock', 'instanceId'],
);
