// The Swarm provider's engine as the container suites see it: services of one task, whose
// container runs on this (single) node.
import Docker from 'dockerode';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';
import { newestTask, taskState, type SwarmTask } from '#server/services/containers/swarmTasks.js';
import type { EngineUnderTest } from './engineUnderTest.js';

export function swarmTestEngine(host: string): EngineUnderTest {
  const docker = new Docker(dockerEndpoint(host).options);
  const task = async (serviceId: string) =>
    newestTask((await docker.listTasks({ filters: { service: [serviceId] } })) as SwarmTask[]);
  return {
    provider: 'swarm',
    host,
    async units(labelFilters) {
      const found = await docker.listServices({
        filters: { label: labelFilters },
      });
      // Host-mode ports are published by the task (its port status), ingress ones by the service.
      return Promise.all(
        found.map(async (s) => {
          const current = await task(s.ID);
          const ports = [
            ...(s.Endpoint?.Ports ?? []),
            ...(current?.Status?.PortStatus?.Ports ?? []),
          ];
          return {
            id: s.ID,
            labels: s.Spec?.Labels ?? {},
            running: taskState(current) === 'running',
            publishedPorts: ports.flatMap((p) => (p.PublishedPort ? [p.PublishedPort] : [])),
          };
        }),
      );
    },
    async limits(engineId) {
      const service = (await docker.getService(engineId).inspect()) as Docker.Service;
      const limits = service.Spec?.TaskTemplate?.Resources?.Limits ?? {};
      return { memoryBytes: limits.MemoryBytes ?? 0, nanoCpus: limits.NanoCPUs ?? 0 };
    },
    async stop(engineId) {
      const containerId = (await task(engineId))?.Status?.ContainerStatus?.ContainerID;
      if (!containerId) throw new Error(`Service ${engineId} has no container`);
      await docker.getContainer(containerId).kill();
      for (let waited = 0; taskState(await task(engineId)) !== 'stopped'; waited += 100) {
        if (waited > 10_000) throw new Error(`Service ${engineId} still runs after a kill`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async remove(engineId) {
      await docker.getService(engineId).remove();
    },
  };
}
