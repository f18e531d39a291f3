/**
 * The container provider over Docker Swarm: each challenge container is a service of one replica
 * on the engine this server talks to (a swarm manager). Limits are the task's resource limits
 * (`MemoryBytes`, `NanoCPUs = tenths × 10⁸`), labels sit on the service (and on its container),
 * and a published port is bound in host mode on the node that runs the task, so it answers on
 * that node's address like a Docker published port (ingress mode would answer on every node
 * through the routing mesh, which the players' entry does not need). The restart policy is
 * `none`: a container that stops stays stopped, as with the Docker provider, and the platform
 * replaces it on the team's next start. The engine id is the service id.
 *
 * What is the same for every container is asked once and shared: the shared network's id (looked
 * up at the first create, again after a failure) and each node's address (kept a minute, and a
 * look-up under way is shared by the creates that need it).
 */
import Docker from 'dockerode';
import { ANY_ADDRESS, engineError, isStatus, machineAddress } from './dockerProvider.js';
import type { DockerEndpoint } from './dockerEndpoint.js';
import {
  ContainerEngineError,
  type ContainerProvider,
  type ContainerSpec,
  type ContainerState,
  type ListedContainer,
  type StartedContainer,
} from './provider.js';
import {
  addressOn,
  newestTask,
  publishedPort,
  taskFailure,
  taskState,
  type SwarmTask,
} from './swarmTasks.js';

export interface SwarmOptions {
  /**
   * An attachable overlay network the services join, shared with this server: where the server
   * reaches a task on any node (the platform proxy). Without it the task's container address on
   * this engine's node is used, which a single-node swarm always has.
   */
  network?: string;
  /** How long `create` waits for the task to run (image pulls on the node count). */
  startTimeoutMs?: number;
  /** Pause between two looks at the task while it starts. */
  pollMs?: number;
}

const LOOPBACK = /^127\.|^::1$|^localhost$/;
/** How long a node's address is believed before it is asked again. */
const NODE_ADDRESS_TTL_MS = 60_000;

export class SwarmProvider implements ContainerProvider {
  private readonly docker: Docker;
  private readonly startTimeoutMs: number;
  private readonly pollMs: number;
  private network: Promise<string> | undefined;
  private readonly nodeAddresses = new Map<string, { address: Promise<string>; until: number }>();

  constructor(
    private readonly endpoint: DockerEndpoint,
    private readonly options: SwarmOptions = {},
  ) {
    this.docker = new Docker(endpoint.options);
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.pollMs = options.pollMs ?? 250;
  }

  async create(spec: ContainerSpec): Promise<StartedContainer> {
    let id: string;
    try {
      const network = this.options.network ? await this.networkId() : undefined;
      ({ id } = await this.docker.createService(this.serviceSpec(spec, network)));
    } catch (error) {
      throw engineError(error, `create a service of ${spec.image}`);
    }
    try {
      const task = await this.runningTask(id, spec);
      return await this.describe(id, task, spec);
    } catch (error) {
      // Nothing is left behind: the service goes with its task, whatever state it reached.
      await this.docker
        .getService(id)
        .remove()
        .catch(() => undefined);
      if (error instanceof ContainerEngineError) throw error;
      throw engineError(error, `start ${spec.image}`);
    }
  }

  async destroy(engineId: string): Promise<void> {
    try {
      await this.docker.getService(engineId).remove();
    } catch (error) {
      if (isStatus(error, 404)) return;
      throw engineError(error, `remove service ${engineId}`);
    }
  }

  async inspect(engineId: string): Promise<ContainerState | null> {
    try {
      await this.docker.getService(engineId).inspect();
      return taskState(newestTask(await this.tasks(engineId)));
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw engineError(error, `inspect service ${engineId}`);
    }
  }

  async list(labels: Record<string, string>): Promise<ListedContainer[]> {
    try {
      const found = await this.docker.listServices({
        filters: { label: Object.entries(labels).map(([key, value]) => `${key}=${value}`) },
      });
      return found.map((s) => ({
        engineId: s.ID,
        labels: s.Spec?.Labels ?? {},
        createdAt: Date.parse(s.CreatedAt ?? '') || 0,
      }));
    } catch (error) {
      throw engineError(error, 'list services');
    }
  }

  /** The shared network's id, looked up once (again after a failed look-up). */
  private networkId(): Promise<string> {
    const name = this.options.network!;
    this.network ??= this.docker
      .getNetwork(name)
      .inspect()
      .then((found: { Id: string }) => found.Id);
    this.network.catch(() => (this.network = undefined));
    return this.network;
  }

  private serviceSpec(
    spec: ContainerSpec,
    network: string | undefined,
  ): Docker.CreateServiceOptions {
    return {
      Name: spec.name,
      Labels: spec.labels,
      TaskTemplate: {
        ContainerSpec: {
          Image: spec.image,
          Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`),
          Labels: spec.labels,
        },
        Resources: {
          Limits: { MemoryBytes: spec.memoryMiB * 1024 * 1024, NanoCPUs: spec.cpuTenths * 1e8 },
        },
        RestartPolicy: { Condition: 'none' },
        ...(network ? { Networks: [{ Target: network }] } : {}),
      },
      Mode: { Replicated: { Replicas: 1 } },
      EndpointSpec: spec.publish
        ? { Ports: [{ Protocol: 'tcp', TargetPort: spec.exposedPort, PublishMode: 'host' }] }
        : {},
    };
  }

  private async tasks(serviceId: string): Promise<SwarmTask[]> {
    return (await this.docker.listTasks({ filters: { service: [serviceId] } })) as SwarmTask[];
  }

  /** Waits for the service's task to run (with its published port, if asked); bounded. */
  private async runningTask(serviceId: string, spec: ContainerSpec): Promise<SwarmTask> {
    const deadline = Date.now() + this.startTimeoutMs;
    for (;;) {
      const task = newestTask(await this.tasks(serviceId));
      const state = taskState(task);
      if (task && state === 'stopped') {
        throw new ContainerEngineError(`Could not start ${spec.image}: ${taskFailure(task)}`);
      }
      const ready = !spec.publish || (task && publishedPort(task, spec.exposedPort));
      if (task && state === 'running' && ready) return task;
      if (Date.now() >= deadline) {
        throw new ContainerEngineError(
          `Could not start ${spec.image}: the task did not run within ${this.startTimeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  private async describe(
    serviceId: string,
    task: SwarmTask,
    spec: ContainerSpec,
  ): Promise<StartedContainer> {
    const port = publishedPort(task, spec.exposedPort);
    const published = spec.publish && port ? { host: await this.nodeHost(task), port } : null;
    const ip = await this.reachableAddress(task);
    if (ip) return { engineId: serviceId, ip, port: spec.exposedPort, published };
    // A task on another node without a shared network: its published entry is the way in.
    if (published)
      return { engineId: serviceId, ip: published.host, port: published.port, published };
    throw new ContainerEngineError(
      'The service runs where this server cannot reach it; set VEXIL_SWARM_NETWORK',
    );
  }

  /** The task's address on the shared network, else its container's on this engine's node. */
  private async reachableAddress(task: SwarmTask): Promise<string | undefined> {
    if (this.options.network) return addressOn(task, this.options.network);
    const containerId = task.Status?.ContainerStatus?.ContainerID;
    if (!containerId) return undefined;
    try {
      const { NetworkSettings } = await this.docker.getContainer(containerId).inspect();
      return Object.values(NetworkSettings.Networks ?? {}).find((n) => n.IPAddress)?.IPAddress;
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw error;
    }
  }

  /**
   * The address of the node running the task, as the swarm knows it; a node known only by a
   * loopback or any-address (a single-node swarm initialised on 127.0.0.1) is this engine's
   * machine, named like the Docker provider names it.
   */
  private nodeHost(task: SwarmTask): Promise<string> {
    const fallback = this.endpoint.remoteHost ?? machineAddress();
    const nodeId = task.NodeID;
    if (!nodeId) return Promise.resolve(fallback);
    const known = this.nodeAddresses.get(nodeId);
    if (known && known.until > Date.now()) return known.address;
    const address = this.docker
      .getNode(nodeId)
      .inspect()
      .then((node: { Status?: { Addr?: string } }) => {
        const addr = node.Status?.Addr ?? '';
        return ANY_ADDRESS.has(addr) || LOOPBACK.test(addr) ? fallback : addr;
      });
    this.nodeAddresses.set(nodeId, { address, until: Date.now() + NODE_ADDRESS_TTL_MS });
    address.catch(() => this.nodeAddresses.delete(nodeId));
    return address;
  }
}
