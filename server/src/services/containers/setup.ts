/** Wires the container service into the app: the configured provider, the policy, the janitor. */
import type { FastifyInstance } from 'fastify';
import { startContainerCleanup } from './cleanup.js';
import { providerFor } from './providerFor.js';
import { ContainerService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainerService;
  }
}

export function registerContainers(app: FastifyInstance): void {
  const { containers: config } = app.config;
  const provider = providerFor(config);
  const service = new ContainerService({
    db: app.db,
    provider,
    policy: async () => (await app.settings.get()).containerPolicy,
    config,
    log: app.log,
  });
  app.decorate('containers', service);
  if (config.trafficCapture && config.portMapping !== 'PlatformProxy') {
    app.log.warn(
      'VEXIL_TRAFFIC_CAPTURE is on but only proxied containers (PlatformProxy) are recorded',
    );
  }
  let cleanup: ReturnType<typeof startContainerCleanup> | undefined;
  app.addHook('onReady', async () => {
    cleanup = startContainerCleanup(service);
  });
  app.addHook('onClose', async () => {
    await cleanup?.stop();
    await service.idle();
  });
}
