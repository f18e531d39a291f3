/**
 * How a team's container start in the queue (issue 24) reads on the wire: its state and place in
 * line in the team's view of the challenge (`ClientFlagContext.containerStart`), and the answer
 * of a Start request that is still waiting (`Pending`, with `queuePosition`) or whose start the
 * team cancelled meanwhile (`Destroyed`). Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';
import type { ContainerStartState } from '../db/tables/containers.js';
import type { ContainerInfoModel } from './containers.js';

type Schemas = components['schemas'];
export type ContainerStartModel = Schemas['ContainerStartModel'];

const WIRE_STATES: Record<ContainerStartState, Schemas['ContainerStartState']> = {
  queued: 'Queued',
  starting: 'Starting',
  failed: 'Failed',
};

/** `position`: the place in line of a queued start (1: next), 0 otherwise. */
export const toContainerStartModel = (
  start: { state: ContainerStartState; reason: string | null },
  position: number,
): ContainerStartModel => ({
  state: WIRE_STATES[start.state],
  position: start.state === 'queued' ? position : 0,
  reason: start.state === 'failed' ? start.reason : null,
});

/** The answer of a Start whose start is still queued (`position` ≥ 1) or starting (0). */
export const pendingContainerInfo = (
  requestedAt: number,
  lifetimeMs: number,
  position: number,
): ContainerInfoModel => ({
  status: 'Pending',
  startedAt: requestedAt,
  expectStopAt: requestedAt + lifetimeMs,
  entry: '',
  queuePosition: position,
});

/** The answer of a Start whose start the team cancelled while the request waited. */
export const cancelledContainerInfo = (requestedAt: number): ContainerInfoModel => ({
  status: 'Destroyed',
  startedAt: requestedAt,
  expectStopAt: requestedAt,
  entry: '',
});
