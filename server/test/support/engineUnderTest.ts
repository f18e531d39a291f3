// What a container suite asks of the engine behind a provider, in the suite's own words: the
// platform's units there (Docker containers, or Swarm services), their limits, and stopping one
// as if it had crashed. One implementation per provider (dockerTestEngine.ts, swarmTestEngine.ts).
import type { ContainerProviderName } from '#server/config.js';

/** A container (Docker) or service (Swarm) of the platform on the engine. */
export interface EngineUnit {
  /** The engine id the platform records (`containers.engine_id`). */
  id: string;
  labels: Record<string, string>;
  /** Whether its container runs now. */
  running: boolean;
  /** Ports published on the engine's machine (none for proxied containers). */
  publishedPorts: number[];
}

export interface EngineLimits {
  memoryBytes: number;
  nanoCpus: number;
}

export interface EngineUnderTest {
  provider: ContainerProviderName;
  /** `DOCKER_HOST` of the engine. */
  host: string;
  /** Units matching all these label filters (`key` or `key=value`, as the engine takes them). */
  units(labelFilters: string[]): Promise<EngineUnit[]>;
  limits(engineId: string): Promise<EngineLimits>;
  /** Kills the unit's running container and waits until the engine reports it stopped. */
  stop(engineId: string): Promise<void>;
  /** Removes the unit, whatever its state (afterAll safety net). */
  remove(engineId: string): Promise<void>;
}
