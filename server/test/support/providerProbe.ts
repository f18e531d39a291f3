// A look inside the engine's side of an app: its container provider's `create` wrapped in place,
// so a suite counts the creates in flight (across several apps when they share one probe's
// count), holds creates at a gate until it lets them through, or makes the next creates fail the
// way a flooded engine does (a hang-up) before the real create runs. Everything else, and every
// create let through, is the real provider on the real engine.
import type { FastifyInstance } from 'fastify';
import type { ContainerSpec, StartedContainer } from '#server/services/containers/provider.js';
import { ContainerEngineUnavailableError } from '#server/services/containers/provider.js';

/** A create as the engine received it, and whether it was let through. */
export interface ProbedCreate {
  spec: ContainerSpec;
  /** Which of the probed apps asked (its index in `probeProviders`' arguments). */
  app: number;
  /** Where it stands: held at the gate, running on the engine, done, or failed. */
  state: 'held' | 'running' | 'done' | 'failed';
}

export interface ProviderProbe {
  /** Creates in flight now (held ones count: the platform has sent them). */
  readonly inFlight: number;
  /** The most creates ever in flight at once. */
  readonly maxInFlight: number;
  /** Every create asked for, in order. */
  readonly creates: ProbedCreate[];
  /** Holds every create from now on at the gate. */
  hold(): void;
  /** Lets `count` held creates through (all, and stops holding, without a count). */
  release(count?: number): void;
  /** Fails the held creates with `error` instead (and stops holding). */
  failHeld(error: Error): void;
  /** The next `count` creates fail with a hang-up before reaching the engine. */
  hangUpNext(count: number): void;
  /** Puts the provider's own `create` back. */
  restore(): void;
}

/** The error a Docker client gives when the engine hangs up on it, as the provider reports it. */
export const hangUp = () =>
  new ContainerEngineUnavailableError(
    Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  );

interface Held {
  create: ProbedCreate;
  go: () => void;
  fail: (error: Error) => void;
}

/**
 * Wraps the create of every app given (one count for all: the engine they share sees the sum).
 * Call `restore` after the suite.
 */
export function probeProviders(...apps: FastifyInstance[]): ProviderProbe {
  let inFlight = 0;
  let maxInFlight = 0;
  let holding = false;
  let hangUps = 0;
  const creates: ProbedCreate[] = [];
  const gate: Held[] = [];
  const restores: (() => void)[] = [];

  for (const [index, app] of apps.entries()) {
    const provider = app.containers.provider;
    const own = provider.create.bind(provider);
    provider.create = async (spec: ContainerSpec): Promise<StartedContainer> => {
      const create: ProbedCreate = { spec, app: index, state: 'held' };
      creates.push(create);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (holding) {
          await new Promise<void>((go, fail) => gate.push({ create, go, fail }));
        }
        if (hangUps > 0) {
          hangUps--;
          throw hangUp();
        }
        create.state = 'running';
        const started = await own(spec);
        create.state = 'done';
        return started;
      } catch (error) {
        create.state = 'failed';
        throw error;
      } finally {
        inFlight--;
      }
    };
    restores.push(() => (provider.create = own));
  }

  return {
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    creates,
    hold() {
      holding = true;
    },
    release(count) {
      if (count === undefined) holding = false;
      for (const held of gate.splice(0, count ?? gate.length)) held.go();
    },
    failHeld(error) {
      holding = false;
      for (const held of gate.splice(0)) held.fail(error);
    },
    hangUpNext(count) {
      hangUps += count;
    },
    restore() {
      holding = false;
      for (const held of gate.splice(0)) held.go();
      for (const restore of restores) restore();
    },
  };
}
