/** `app.clusterEvents`: "drop your cached copy" messages between the instances of a deployment. */
import type { ClusterEvents } from '../clusterEvents.js';
import { clusterEventsFor } from '../clusterEventsRedis.js';
import { servicePlugin } from '../servicePlugin.js';
import { deploymentName } from './deployment.js';

declare module 'fastify' {
  interface FastifyInstance {
    clusterEvents: ClusterEvents;
  }
}

export const clusterEventsPlugin = servicePlugin(
  'clusterEvents',
  (app) => clusterEventsFor(app, deploymentName(app)),
  ['config', 'database'],
);
