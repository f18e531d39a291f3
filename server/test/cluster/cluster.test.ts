// The real cluster (issue 16, `npm run test:cluster`): three Vexil processes on one PostgreSQL,
// one Redis, one data folder and one secret, behind Debian's nginx (round robin, WebSocket
// upgrades, retry on the next instance). First a whole game through the balancer
// (scenarios/wholeGame.ts), then one instance killed with SIGKILL under a submission load
// (scenarios/instanceKilled.ts). The waits below are bounds that keep a broken cluster from
// hanging the run, never speed targets.
import { afterAll, beforeAll, describe } from 'vitest';
import { skipUnless } from '../support/skipReason.js';
import { instanceKilledUnderLoad } from './scenarios/instanceKilled.js';
import { wholeGameThroughBalancer } from './scenarios/wholeGame.js';
import { nginxBinary } from '#bench/cluster/nginxBalancer.js';
import { startCluster, type VexilCluster } from './support/vexilCluster.js';

const nginx = nginxBinary();
const missing = !process.env.DATABASE_URL
  ? 'set DATABASE_URL (eval "$(scripts/pg-throwaway.sh)")'
  : !process.env.REDIS_URL
    ? 'set REDIS_URL (redis-server --port 6379 --daemonize yes)'
    : !nginx
      ? 'no nginx binary (apt-get install nginx)'
      : undefined;
// In CI a missing piece fails the suite instead of skipping it.
const ready = missing === undefined || Boolean(process.env.CI);

describe('three instances behind nginx', skipUnless(ready, `Cluster test: ${missing}`), () => {
  let cluster: VexilCluster | undefined;
  const getCluster = () => {
    if (!cluster) throw new Error('The cluster starts in beforeAll');
    return cluster;
  };

  beforeAll(async () => {
    if (missing) throw new Error(`The cluster test needs what is missing: ${missing}`);
    cluster = await startCluster({ nginx: nginx!, redisUrl: process.env.REDIS_URL! });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  describe('a whole game through the balancer', () => wholeGameThroughBalancer(getCluster));
  describe('an instance killed under load', () => instanceKilledUnderLoad(getCluster));
});
