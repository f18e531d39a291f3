/** `app.containers`: the container service with the configured provider (Docker or Swarm), the policy, the janitor. */
import { startContainerCleanup } from '../containers/cleanup.js';
import { providerFor } from '../containers/providerFor.js';
import { ContainerService } from '../containers/service.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainerService;
  }
}

export const containersPlugin = servicePlugin(
  'containers',
  (app) => {
    const { containers: config } = app.config;
    const provider = providerFor(config);
    const service = new ContainerService({
      db: app.db,
      provider,
      policy: async () => (await app.settings.get()).containerPolicy,
      config,
      log: app.log,
      instanceId: app.instanceId,
      metrics: app.metrics,
    });
    if (config.trafficCapture && config.portMapping !== 'PlatformProxy') {
      app.log.warn(
        'VEXIL_TRAFFIC_CAPTURE is on but only proxied containers (PlatformProxy) are recorded',
      );
    }
    let cleanup: ReturnType<typeof startContainerCleanup> | undefined;
    app.addHook('onReady', async () => {
      cleanup = startContainerCleanup(service, undefined, app.clusterLock);
    });
    app.addHook('onClose', async () => {
      await cleanup?.stop();
      await service.idle();
    });
    return service;
  },
  ['config', 'db', 'settings', 'clusterLock', 'instanceId', 'metrics'],
);
