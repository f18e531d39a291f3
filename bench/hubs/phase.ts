/**
 * One measured phase of the hubs bench, the same for Vexil and for the bare reference: the
 * server's memory before any socket; the sockets opened (and how long that took); a few seconds
 * to settle, then its memory with the sockets; then the recording: the pushes, the wait for the
 * last messages (until none has arrived for a while: a late message is late, not dropped), and
 * what every socket received, with the server's event-loop delay, CPU time and memory over that
 * window; the sockets closed at the end.
 */
import type { Fleet, KindResult } from './fleet.js';
import type { Opened, SocketKind, SocketSpec } from './loadWorker.js';
import type { PushRun } from './pushes.js';
import type { ServerProbe, ServerSample } from './serverProbe.js';

export interface PhaseResult {
  label: string;
  opened: Opened & { seconds: number };
  /** Before any socket, with the sockets open, and over the pushes (memory at their end). */
  server: { idle: ServerSample; withSockets: ServerSample; pushes: ServerSample };
  pushes: PushRun;
  /** Seconds the recording went on after the last push, for the last messages. */
  drainSeconds: number;
  received: Partial<Record<SocketKind, KindResult>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After opening, before measuring: the last session reads and the garbage of the opening. */
const SETTLE_MS = 5_000;
/** After the last push, the recording goes on until nothing has arrived for this long… */
const QUIET_MS = 3_000;
/** … but no longer than this. */
const DRAIN_LIMIT_MS = 60_000;

/** Waits until no socket has received anything for QUIET_MS; answers how long it waited. */
async function drain(fleet: Fleet): Promise<number> {
  const began = Date.now();
  for (;;) {
    await sleep(500);
    const last = await fleet.lastArrival();
    if (Date.now() - last >= QUIET_MS || Date.now() - began >= DRAIN_LIMIT_MS) {
      return (Date.now() - began) / 1000;
    }
  }
}

export async function measurePhase(
  label: string,
  fleet: Fleet,
  specs: SocketSpec[],
  server: ServerProbe,
  options: { opening: number; log: (line: string) => void },
  push: () => Promise<PushRun>,
): Promise<PhaseResult> {
  const { log } = options;
  await server.reset();
  const idle = await server.sample();
  log(`${label}: opening ${specs.length} sockets`);
  const opened = await fleet.open(specs, options.opening);
  log(
    `${label}: ${opened.opened} opened, ${opened.failed} failed in ${opened.seconds.toFixed(1)} s` +
      (opened.failed ? ` (${JSON.stringify(opened.errors)})` : ''),
  );
  await sleep(SETTLE_MS);
  const withSockets = await server.sample();
  await server.reset();
  await fleet.record();
  log(`${label}: pushing`);
  const pushes = await push();
  const drainSeconds = await drain(fleet);
  await fleet.stop();
  const during = await server.sample();
  const received = await fleet.report();
  await fleet.close();
  log(`${label}: done`);
  return {
    label,
    opened,
    server: { idle, withSockets, pushes: during },
    pushes,
    drainSeconds,
    received,
  };
}
