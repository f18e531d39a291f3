/**
 * The container back end the configuration names (`VEXIL_CONTAINER_PROVIDER`): containers on one
 * Docker engine, or services on the swarm whose manager that engine is. Both talk to the engine
 * at `DOCKER_HOST`.
 */
import type { ContainerConfig } from '../../config.js';
import { dockerEndpoint } from './dockerEndpoint.js';
import { DockerProvider } from './dockerProvider.js';
import type { ContainerProvider } from './provider.js';
import { SwarmProvider } from './swarmProvider.js';

export function providerFor(config: ContainerConfig): ContainerProvider {
  const endpoint = dockerEndpoint(config.dockerHost, config.dockerCertPath);
  if (config.provider === 'swarm') {
    return new SwarmProvider(endpoint, { network: config.swarmNetwork });
  }
  return new DockerProvider(endpoint, config.hostIp);
}
