/**
 * The tasks of a Swarm service as the Swarm provider reads them: the few fields it needs, what a
 * task's state means for a challenge container, and the newest task of a one-replica service
 * (older ones stay in the task history after a failure).
 */
import type { ContainerState } from './provider.js';

export interface SwarmTask {
  ID: string;
  NodeID?: string;
  CreatedAt?: string;
  Status?: {
    State?: string;
    Err?: string;
    Message?: string;
    ContainerStatus?: { ContainerID?: string };
    PortStatus?: { Ports?: { TargetPort?: number; PublishedPort?: number }[] };
  };
  NetworksAttachments?: {
    Network?: { ID?: string; Spec?: { Name?: string } };
    Addresses?: string[];
  }[];
}

/** States a task never leaves (the service's restart policy is `none`). */
const ENDED = new Set(['complete', 'failed', 'shutdown', 'rejected', 'orphaned', 'remove']);

export function taskState(task: SwarmTask | undefined): ContainerState {
  const state = task?.Status?.State;
  if (state === 'running') return 'running';
  return state && ENDED.has(state) ? 'stopped' : 'pending';
}

/** Why a task ended, as the engine says it (e.g. "No such image: …"). */
export function taskFailure(task: SwarmTask): string {
  const status = task.Status ?? {};
  return status.Err || status.Message || status.State || 'unknown';
}

export function newestTask(tasks: SwarmTask[]): SwarmTask | undefined {
  const order = (t: SwarmTask) => Date.parse(t.CreatedAt ?? '') || 0;
  return [...tasks].sort((a, b) => order(b) - order(a))[0];
}

/** The port the node published for `targetPort`, once the task runs. */
export function publishedPort(task: SwarmTask, targetPort: number): number | undefined {
  return task.Status?.PortStatus?.Ports?.find((p) => p.TargetPort === targetPort)?.PublishedPort;
}

/** The task's address on the named (or id-given) network, without its prefix length. */
export function addressOn(task: SwarmTask, network: string): string | undefined {
  const attachment = task.NetworksAttachments?.find(
    (a) => a.Network?.Spec?.Name === network || a.Network?.ID === network,
  );
  return attachment?.Addresses?.[0]?.split('/')[0];
}
