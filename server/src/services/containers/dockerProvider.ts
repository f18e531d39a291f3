/**
 * The container provider over the Docker Engine API. Memory is a hard limit, CPU is
 * `NanoCpus = tenths × 10⁸`; a published port is bound to a random host port (on `hostIp`, all
 * interfaces by default). An image missing on the engine is pulled once before giving up, and
 * creates that find it missing at the same time share that one pull.
 */
import { networkInterfaces } from 'node:os';
import Docker from 'dockerode';
import {
  ContainerEngineError,
  ContainerEngineUnavailableError,
  type ContainerProvider,
  type ContainerSpec,
  type ContainerState,
  type ListedContainer,
  type StartedContainer,
} from './provider.js';
import type { DockerEndpoint } from './dockerEndpoint.js';

const UNREACHABLE = new Set([
  'ENOENT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EACCES',
]);

interface DockerFailure {
  code?: string;
  statusCode?: number;
  json?: { message?: string } | null;
  message?: string;
}

/** Turns a Docker client failure into one of the provider's two errors. */
export function engineError(error: unknown, doing: string): Error {
  const failure = (error ?? {}) as DockerFailure;
  if (failure.code && UNREACHABLE.has(failure.code)) {
    return new ContainerEngineUnavailableError(error);
  }
  if (!failure.statusCode && /timeout|socket hang up/i.test(failure.message ?? '')) {
    return new ContainerEngineUnavailableError(error);
  }
  const detail = failure.json?.message ?? failure.message ?? String(error);
  return new ContainerEngineError(`Could not ${doing}: ${detail}`, error);
}

export const isStatus = (error: unknown, ...codes: number[]) =>
  codes.includes((error as DockerFailure | null)?.statusCode ?? 0);

/** This machine's first external IPv4 address, for ports published by a local engine. */
export function machineAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.1';
}

export const ANY_ADDRESS = new Set(['', '0.0.0.0', '::']);

export class DockerProvider implements ContainerProvider {
  private readonly docker: Docker;
  /** Pulls under way, by image: a hundred creates of a missing image make one pull. */
  private readonly pulls = new Map<string, Promise<void>>();

  constructor(
    private readonly endpoint: DockerEndpoint,
    private readonly hostIp: string = '',
  ) {
    this.docker = new Docker(endpoint.options);
  }

  async create(spec: ContainerSpec): Promise<StartedContainer> {
    const created = await this.createContainer(spec);
    try {
      await created.start();
      return await this.describe(created, spec);
    } catch (error) {
      await created.remove({ force: true, v: true }).catch(() => undefined);
      throw engineError(error, `start ${spec.image}`);
    }
  }

  async destroy(engineId: string): Promise<void> {
    try {
      await this.docker.getContainer(engineId).remove({ force: true, v: true });
    } catch (error) {
      // Already gone, or another removal of it is under way.
      if (isStatus(error, 404, 409)) return;
      throw engineError(error, `remove container ${engineId}`);
    }
  }

  async inspect(engineId: string): Promise<ContainerState | null> {
    try {
      const { State } = await this.docker.getContainer(engineId).inspect();
      if (State.Running) return 'running';
      return State.Status === 'created' ? 'pending' : 'stopped';
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw engineError(error, `inspect container ${engineId}`);
    }
  }

  async list(labels: Record<string, string>): Promise<ListedContainer[]> {
    try {
      const found = await this.docker.listContainers({
        all: true,
        filters: { label: Object.entries(labels).map(([key, value]) => `${key}=${value}`) },
      });
      return found.map((c) => ({ engineId: c.Id, labels: c.Labels, createdAt: c.Created * 1000 }));
    } catch (error) {
      throw engineError(error, 'list containers');
    }
  }

  private async createContainer(spec: ContainerSpec): Promise<Docker.Container> {
    const port = `${spec.exposedPort}/tcp`;
    const options: Docker.ContainerCreateOptions = {
      name: spec.name,
      Image: spec.image,
      Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`),
      Labels: spec.labels,
      ExposedPorts: { [port]: {} },
      HostConfig: {
        Memory: spec.memoryMiB * 1024 * 1024,
        NanoCpus: spec.cpuTenths * 100_000_000,
        PortBindings: spec.publish ? { [port]: [{ HostIp: this.hostIp, HostPort: '' }] } : {},
      },
    };
    try {
      return await this.docker.createContainer(options);
    } catch (error) {
      if (!isStatus(error, 404)) throw engineError(error, `create a container of ${spec.image}`);
    }
    await this.pull(spec.image);
    try {
      return await this.docker.createContainer(options);
    } catch (error) {
      throw engineError(error, `create a container of ${spec.image}`);
    }
  }

  private pull(image: string): Promise<void> {
    let pulling = this.pulls.get(image);
    if (!pulling) {
      pulling = this.pullOnce(image).finally(() => this.pulls.delete(image));
      this.pulls.set(image, pulling);
    }
    return pulling;
  }

  private async pullOnce(image: string): Promise<void> {
    try {
      const stream = await this.docker.pull(image);
      await new Promise<void>((resolve, reject) =>
        this.docker.modem.followProgress(stream, (error: Error | null) =>
          error ? reject(error) : resolve(),
        ),
      );
    } catch (error) {
      const failure = engineError(error, `pull ${image}`);
      // The engine answered: the registry refused the image or could not be reached from there.
      // Either way the image cannot be had now, which no retry of the create changes.
      if (failure instanceof ContainerEngineError) {
        throw new ContainerEngineError(failure.message, error, true);
      }
      throw failure;
    }
  }

  private async describe(
    container: Docker.Container,
    spec: ContainerSpec,
  ): Promise<StartedContainer> {
    const { Id, NetworkSettings } = await container.inspect();
    const ip = Object.values(NetworkSettings.Networks ?? {}).find((n) => n.IPAddress)?.IPAddress;
    if (!ip) throw new ContainerEngineError('The container has no network address');
    if (!spec.publish) return { engineId: Id, ip, port: spec.exposedPort, published: null };
    const bindings = NetworkSettings.Ports?.[`${spec.exposedPort}/tcp`] ?? [];
    const binding = bindings.find((b) => !b.HostIp.includes(':')) ?? bindings[0];
    if (!binding) throw new ContainerEngineError('The container port was not published');
    const host = ANY_ADDRESS.has(binding.HostIp)
      ? (this.endpoint.remoteHost ?? machineAddress())
      : binding.HostIp;
    return {
      engineId: Id,
      ip,
      port: spec.exposedPort,
      published: { host, port: Number(binding.HostPort) },
    };
  }
}
