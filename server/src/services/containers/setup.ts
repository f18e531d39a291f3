/** Wires the container service into the app: the Docker provider, the policy, the janitor. */
import type { FastifyInstance } from 'fastify';
import { startContainerCleanup } from './cleanup.js';
import { dockerEndpoint } from './dockerEndpoint.js';
import { DockerProvider } from './dockerProvider.js';
import { ContainerService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainerService;
  }
}

export function registerContainers(app: FastifyInstance): void {
  const { containers: config } = app.config;
  const provider = new DockerProvider(
    dockerEndpoint(config.dockerHost, config.dockerCertPath),
    config.hostIp,
  );
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
    cleanup = startContainerCleanup(service, undefined, app.clusterLock);
  });
  app.addHook('onClose', async () => {
    await cleanup?.stop();
    await service.idle();
  });
}
