/** The name of the deployment: instances on one database share caches, boards and counters. */
import type { FastifyInstance } from 'fastify';
import { databaseNamespace, sourceIdentity } from '../scoreboard/redisStore.js';

export const deploymentName = (app: FastifyInstance): string =>
  databaseNamespace(sourceIdentity(app.database.source));

/** Where counters shared by the deployment's instances live: its Redis, under its name. */
export const sharedCounters = (app: FastifyInstance) =>
  app.config.redisUrl
    ? { redisUrl: app.config.redisUrl, namespace: deploymentName(app) }
    : undefined;
