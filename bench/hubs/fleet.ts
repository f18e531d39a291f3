/**
 * The load generator of the hubs bench: a few worker processes (loadWorker.ts), pinned to the load
 * CPUs so that their work is not the server's, each holding a share of the sockets. The fleet
 * deals the sockets out round robin, and merges what the workers report: per kind of socket, the
 * messages any socket received (the expected set), each socket's count, the latencies.
 */
import { spawnChild, type Child } from '../event/child.js';
import type { KindTally } from './records.js';
import type { Opened, SocketKind, SocketSpec, WorkerReport } from './loadWorker.js';

export interface KindResult {
  sockets: number;
  openAtEnd: number;
  closedWhileRecording: number;
  /** Distinct messages received by at least one socket of the kind. */
  expected: number;
  /** Σ over sockets of (expected − distinct messages it received). */
  dropped: number;
  /** Sockets that missed at least one message. */
  socketsMissing: number;
  /** Messages received more than once by the same socket. */
  duplicates: number;
  latencies: Record<string, Float64Array>;
  /**
   * For each message, ms from its first to its last arrival at a socket of the kind: how long
   * its fan-out took, whatever came before it (a screen, a build), as the clients saw it.
   */
  spreads: Record<string, Float64Array>;
  closeErrors: Record<string, number>;
}

export interface Fleet {
  open(specs: SocketSpec[], opening: number): Promise<Opened & { seconds: number }>;
  record(): Promise<void>;
  /** When a message last arrived at any socket while recording (epoch ms, 0 if none). */
  lastArrival(): Promise<number>;
  stop(): Promise<void>;
  report(): Promise<Partial<Record<SocketKind, KindResult>>>;
  close(): Promise<void>;
  shutdown(): Promise<void>;
}

const HOUR = 3_600_000;

export async function startFleet(workers: number, cpus: string | undefined): Promise<Fleet> {
  const children: Child[] = [];
  for (let i = 0; i < workers; i++) {
    const child = spawnChild('bench/hubs/loadWorker.ts', { env: process.env, cpus });
    children.push(child);
  }
  await Promise.all(children.map((child) => child.next('ready')));
  const all = <T>(message: Record<string, unknown>, timeoutMs = 600_000) =>
    Promise.all(children.map((child) => child.request<T>(message, timeoutMs)));

  return {
    async open(specs, opening) {
      const began = performance.now();
      const shares = children.map(() => [] as SocketSpec[]);
      specs.forEach((spec, i) => shares[i % children.length].push(spec));
      const answers = await Promise.all(
        children.map((child, i) =>
          child.request<Opened>({ type: 'open', specs: shares[i], opening }, HOUR),
        ),
      );
      const errors: Record<string, number> = {};
      for (const answer of answers) {
        for (const [reason, n] of Object.entries(answer.errors)) {
          errors[reason] = (errors[reason] ?? 0) + n;
        }
      }
      return {
        opened: answers.reduce((sum, a) => sum + a.opened, 0),
        failed: answers.reduce((sum, a) => sum + a.failed, 0),
        errors,
        seconds: (performance.now() - began) / 1000,
      };
    },
    record: async () => void (await all({ type: 'record' })),
    async lastArrival() {
      const answers = await all<{ at: number }>({ type: 'lastArrival' });
      return Math.max(...answers.map((answer) => answer.at));
    },
    stop: async () => void (await all({ type: 'stop' })),
    async report() {
      const answers = await all<{ report: WorkerReport }>({ type: 'report' });
      const merged: Partial<Record<SocketKind, KindResult>> = {};
      for (const kind of ['players', 'admins', 'monitors'] as const) {
        const tallies = answers.map((a) => a.report[kind]).filter((t): t is KindTally => !!t);
        if (tallies.length > 0) merged[kind] = merge(tallies);
      }
      return merged;
    },
    close: async () => void (await all({ type: 'close' })),
    shutdown: async () => void (await Promise.all(children.map((child) => child.stop()))),
  };
}

function merge(tallies: KindTally[]): KindResult {
  const expected = new Set(tallies.flatMap((t) => t.keys)).size;
  let dropped = 0;
  let socketsMissing = 0;
  for (const t of tallies) {
    for (const distinct of t.perSocket) {
      dropped += expected - distinct;
      if (distinct < expected) socketsMissing++;
    }
  }
  const latencies: Record<string, Float64Array> = {};
  for (const target of new Set(tallies.flatMap((t) => Object.keys(t.latencies)))) {
    const parts = tallies.map((t) => t.latencies[target]).filter(Boolean);
    const joined = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
    latencies[target] = joined;
  }
  // First and last arrival of each message over every worker, then the spread by hub method.
  const span = new Map<string, [number, number]>();
  for (const t of tallies) {
    t.keys.forEach((key, i) => {
      const known = span.get(key);
      span.set(
        key,
        known
          ? [Math.min(known[0], t.firstAt[i]), Math.max(known[1], t.lastAt[i])]
          : [t.firstAt[i], t.lastAt[i]],
      );
    });
  }
  const byTarget = new Map<string, number[]>();
  for (const [key, [first, last]] of span) {
    const target = /"target":"(\w+)"/.exec(key)?.[1] ?? 'unknown';
    const list = byTarget.get(target) ?? [];
    list.push(last - first);
    byTarget.set(target, list);
  }
  const spreads = Object.fromEntries(
    [...byTarget].map(([target, list]) => [target, Float64Array.from(list)]),
  );
  const closeErrors: Record<string, number> = {};
  for (const t of tallies) {
    for (const [error, n] of Object.entries(t.closeErrors)) {
      closeErrors[error] = (closeErrors[error] ?? 0) + n;
    }
  }
  const sum = (pick: (t: KindTally) => number) => tallies.reduce((n, t) => n + pick(t), 0);
  const distinctTotal = tallies.reduce((n, t) => n + t.perSocket.reduce((a, b) => a + b, 0), 0);
  return {
    sockets: sum((t) => t.sockets),
    openAtEnd: sum((t) => t.openAtEnd),
    closedWhileRecording: sum((t) => t.closedWhileRecording),
    expected,
    dropped,
    socketsMissing,
    duplicates: sum((t) => t.received) - distinctTotal,
    latencies,
    spreads,
    closeErrors,
  };
}
