/**
 * `app.containerStarts`: the container start queue of this instance (issue 24), i.e. its
 * dispatcher (startQueue.ts) running team starts (teamStart.ts) and the Start requests waiting for
 * theirs (startWaiters.ts). Requests queue starts through teamContainers.ts.
 */
import type { ContainerConfig } from '../../config.js';
import type { RealtimeBus } from '../realtime.js';
import type { ContainerService } from './service.js';
import { StartDispatcher } from './startQueue.js';
import { StartWaiters } from './startWaiters.js';
import { runTeamStart } from './teamStart.js';

export interface ContainerStartsDeps {
  containers: ContainerService;
  realtime: RealtimeBus;
  config: Pick<ContainerConfig, 'startsInFlight' | 'startWaitSeconds' | 'startQueue'>;
  instanceId: string;
}

export class ContainerStarts {
  readonly dispatcher: StartDispatcher;
  readonly waiters: StartWaiters;
  /** How long a Start request waits for its start before answering `Pending`. */
  readonly waitMs: number;

  constructor({ containers, realtime, config, instanceId }: ContainerStartsDeps) {
    this.waitMs = config.startWaitSeconds * 1000;
    this.waiters = new StartWaiters(containers.db, config.startQueue.pollMs);
    this.dispatcher = new StartDispatcher({
      db: containers.db,
      slots: config.startsInFlight,
      timing: config.startQueue,
      instanceId,
      log: containers.log,
      run: (start, held) => runTeamStart({ containers, realtime }, start, held),
    });
    this.dispatcher.onFinished((startId) => this.waiters.notify(startId));
  }

  start(): void {
    this.dispatcher.start();
  }

  /** Lets the waiting requests answer, then stops the dispatcher (its starts go back in line). */
  async stop(): Promise<void> {
    this.waiters.close();
    await this.dispatcher.stop();
  }
}
