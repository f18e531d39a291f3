/**
 * One measured phase of the hubs bench, the same for Vexil and for the bare reference: the
 * server's memory before any socket; the sockets opened (and how long that took); a few seconds
 * to settle, then its memory with the sockets; then the recording: the pushes, a short wait for
 * the last messages, and what every socket received, with the server's event-loop delay, CPU
 * time and memory over that window; the sockets closed at the end.
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
  received: Partial<Record<SocketKind, KindResult>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** After opening, before measuring: the last session reads and the garbage of the opening. */
const SETTLE_MS = 5_000;
/** After the last push: its board update comes after a check and a build. */
const DRAIN_MS = 3_000;

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
  await sleep(DRAIN_MS);
  await fleet.stop();
  const during = await server.sample();
  const received = await fleet.report();
  await fleet.close();
  log(`${label}: done`);
  return { label, opened, server: { idle, withSockets, pushes: during }, pushes, received };
}
