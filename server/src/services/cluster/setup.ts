/**
 * What the app needs to share work with the other instances of its deployment: a name for this
 * instance (`app.instanceId`) and the cluster lock (`app.clusterLock`, clusterLock.ts) — over Redis
 * when the deployment has one, else a PostgreSQL advisory lock, and on SQLite (one instance) a lock
 * that is always this instance's. It also keeps this instance's copy of the site settings in step
 * with the others (sharedSettings.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { RedisLink, redisOutageLog } from '../redisConnection.js';
import {
  LocalClusterLock,
  PostgresClusterLock,
  RedisClusterLock,
  type ClusterLock,
} from './clusterLock.js';
import { newInstanceId } from './instanceId.js';
import { followSettingsChanges } from './sharedSettings.js';

declare module 'fastify' {
  interface FastifyInstance {
    instanceId: string;
    clusterLock: ClusterLock;
  }
}

/** `namespace` names the deployment (see databaseNamespace). */
export function registerCluster(app: FastifyInstance, database: Database, namespace: string): void {
  app.decorate('instanceId', newInstanceId());
  app.decorate('clusterLock', clusterLockFor(app, database, namespace));
  const unfollow = followSettingsChanges(app.clusterEvents, app.settings);
  app.addHook('onClose', async () => unfollow());
}

function clusterLockFor(app: FastifyInstance, database: Database, namespace: string): ClusterLock {
  if (database.dialect === 'sqlite') return new LocalClusterLock();
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
