/**
 * What the platform asks of a container back end, in its own words: no Docker (or Kubernetes)
 * type crosses this line. A back end runs one single-port service per container, limits its
 * memory and CPU, labels it so it can be found again, and either publishes the port for players
 * (Default mapping: Docker host port, Kubernetes NodePort) or keeps it internal for the platform's
 * proxy (Docker network address, Kubernetes ClusterIP service).
 */

export interface ContainerSpec {
  /** A name unique on the back end (Docker container name, Kubernetes pod name). */
  name: string;
  image: string;
  env: Record<string, string>;
  memoryMiB: number;
  /** Tenths of a CPU (1 = 0.1 CPU). */
  cpuTenths: number;
  /** Ephemeral storage in MiB; back ends that cannot enforce it ignore it. */
  storageMiB: number;
  /** The TCP port the service listens on inside the container. */
  exposedPort: number;
  /** Publish the port for players (Default mapping) rather than keep it internal. */
  publish: boolean;
  labels: Record<string, string>;
}

export interface StartedContainer {
  /** The back end's id, for destroy and inspect. */
  engineId: string;
  /** Where this server reaches the service. */
  ip: string;
  port: number;
  /** The published entry when `publish` was asked: the engine machine's address and port. */
  published: { host: string; port: number } | null;
}

export type ContainerState = 'pending' | 'running' | 'stopped';

export interface ListedContainer {
  engineId: string;
  labels: Record<string, string>;
  createdAt: number;
}

export interface ContainerProvider {
  /** Creates and starts the container; nothing is left behind when it throws. */
  create(spec: ContainerSpec): Promise<StartedContainer>;
  /** Stops and removes it; a container that is already gone counts as destroyed. */
  destroy(engineId: string): Promise<void>;
  /** Its state, or null when the back end does not know it. */
  inspect(engineId: string): Promise<ContainerState | null>;
  /** Every container carrying all these labels. */
  list(labels: Record<string, string>): Promise<ListedContainer[]>;
}

/** No back end answered (socket missing, connection refused, timeout). */
export class ContainerEngineUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The container engine is unavailable', { cause });
    this.name = 'ContainerEngineUnavailableError';
  }
}

/** The back end answered but refused or failed (unknown image, bad limits…). */
export class ContainerEngineError extends Error {
  constructor(
    message: string,
    cause?: unknown,
    /** A refusal for good, whatever the engine's status code said (no retry helps). */
    readonly refusal = false,
  ) {
    super(message, { cause });
    this.name = 'ContainerEngineError';
  }
}
