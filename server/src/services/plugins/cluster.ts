/**
 * What the app needs to share work with the other instances of its deployment: a name for this
 * instance (`app.instanceId`) and the cluster lock (`app.clusterLock`, cluster/clusterLock.ts):
 * over Redis when the deployment has one, else a PostgreSQL advisory lock, and on SQLite (one
 * instance) a lock that is always this instance's.
 */
import type { FastifyInstance } from 'fastify';
import {
  LocalClusterLock,
  PostgresClusterLock,
  RedisClusterLock,
  type ClusterLock,
} from '../cluster/clusterLock.js';
import { newInstanceId } from '../cluster/instanceId.js';
import { RedisLink, redisOutageLog } from '../redisConnection.js';
import { servicePlugin } from '../servicePlugin.js';
import { deploymentName } from './deployment.js';

declare module 'fastify' {
  interface FastifyInstance {
    instanceId: string;
    clusterLock: ClusterLock;
  }
}

export const instanceIdPlugin = servicePlugin('instanceId', () => newInstanceId());

export const clusterLockPlugin = servicePlugin('clusterLock', (app) => clusterLockFor(app), [
  'config',
  'database',
  'instanceId',
]);

function clusterLockFor(app: FastifyInstance): ClusterLock {
  const { database } = app;
  if (database.dialect === 'sqlite') return new LocalClusterLock();
  const namespace = deploymentName(app);
  const url = app.config.redisUrl;
  if (!url) return new PostgresClusterLock(database.db, namespace);
  const link = new RedisLink(
    url,
    redisOutageLog(
      app.log,
      'cluster locks',
      'periodic jobs may run on several instances meanwhile',
    ),
  );
  app.addHook('onClose', () => link.close());
  return new RedisClusterLock(link.commands(), { namespace, instanceId: app.instanceId });
}
