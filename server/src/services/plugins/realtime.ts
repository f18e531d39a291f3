/** `app.realtime`: live updates for the hubs, over Redis when the deployment has one. */
import { LocalRealtimeBus, type RealtimeBus } from '../realtime.js';
import { redisRealtimeBus } from '../realtimeRedis.js';
import { servicePlugin } from '../servicePlugin.js';
import { deploymentName } from './deployment.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeBus;
  }
}

export const realtimePlugin = servicePlugin(
  'realtime',
  (app): RealtimeBus =>
    app.config.redisUrl
      ? redisRealtimeBus(app, app.config.redisUrl, deploymentName(app))
      : new LocalRealtimeBus(),
  ['config', 'database'],
);
