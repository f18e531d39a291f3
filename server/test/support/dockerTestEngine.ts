// The Docker provider's engine as the container suites see it: containers.
import Docker from 'dockerode';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';
import type { EngineUnderTest } from './engineUnderTest.js';

export function dockerTestEngine(host: string): EngineUnderTest {
  const docker = new Docker(dockerEndpoint(host || undefined).options);
  return {
    provider: 'docker',
    host,
    async units(labelFilters) {
      const found = await docker.listContainers({
        all: true,
        filters: { label: labelFilters },
      });
      return found.map((c) => ({
        id: c.Id,
        labels: c.Labels,
        running: c.State === 'running',
        publishedPorts: c.Ports.flatMap((p) => (p.PublicPort ? [p.PublicPort] : [])),
      }));
    },
    async limits(engineId) {
      const { HostConfig } = await docker.getContainer(engineId).inspect();
      return { memoryBytes: HostConfig.Memory ?? 0, nanoCpus: HostConfig.NanoCpus ?? 0 };
    },
    async stop(engineId) {
      await docker.getContainer(engineId).kill();
    },
    async remove(engineId) {
      await docker.getContainer(engineId).remove({ force: true });
    },
  };
}
