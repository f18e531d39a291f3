/**
 * The hubs bench's figures as markdown: Vexil beside the bare reference for the players' hub
 * (sockets held, push latency, dropped messages, server memory, event-loop delay, CPU), the
 * issue's targets marked met / not met, then the admins' and monitors' hubs and the API calls
 * that made the pushes. Dropped messages are counted per socket against every message any socket
 * of its kind received.
 */
import type { KindResult } from './fleet.js';
import type { HubsOptions } from './options.js';
import type { PhaseResult } from './phase.js';
import type { PushCalls } from './pushes.js';
import type { ServerSample } from './serverProbe.js';

export interface HubsResults {
  options: HubsOptions;
  machine: string;
  vexil: PhaseResult;
  bare?: PhaseResult;
}

const MiB = 1024 * 1024;
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : int(n)) : 'n/a');
const mib = (bytes: number) => int(bytes / MiB);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

/** Nearest-rank percentile of unsorted values (sorted copy). */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function latency(values: ArrayLike<number>): Latency {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i]);
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? max : NaN,
  };
}

const joined = (kind: KindResult, targets?: string[]) => {
  const parts = Object.entries(kind.latencies)
    .filter(([target]) => !targets || targets.includes(target))
    .map(([, values]) => values);
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return latency(all);
};

const NOTICE = 'ReceivedGameNotice';
const BOARD = 'ReceivedScoreboardUpdate';

const ratioP99 = (vexil: Latency, bare: Latency) =>
  bare.count > 0 && vexil.count > 0 ? `${(vexil.p99 / bare.p99).toFixed(2)}× (p99)` : '';

/** How long messages took to reach every socket once the first had it. */
const spreadOf = (kind: KindResult | undefined) =>
  latency(kind ? Object.values(kind.spreads).flatMap((values) => [...values]) : []);
const spread = (kind: KindResult | undefined) => {
  const s = spreadOf(kind);
  return s.count === 0 ? 'n/a' : `${ms(s.p50)} / ${ms(s.max)} ms`;
};
const spreadRatio = (vexil: KindResult | undefined, bare: KindResult | undefined) => {
  const [v, b] = [spreadOf(vexil), spreadOf(bare)];
  return v.count && b.count ? `${(v.p50 / b.p50).toFixed(2)}× (p50)` : '';
};

const showLatency = (l: Latency) =>
  l.count === 0 ? 'none' : `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)} ms`;

const held = (kind: KindResult | undefined, server?: number) =>
  kind
    ? `${int(kind.openAtEnd)} of ${int(kind.sockets)}` +
      (server === undefined ? '' : ` (server: ${int(server)} open)`)
    : 'n/a';

const dropped = (kind: KindResult | undefined) =>
  kind
    ? `${int(kind.dropped)} of ${int(kind.expected * kind.sockets)} (${int(kind.expected)} messages × ${int(kind.sockets)} sockets; ${int(kind.socketsMissing)} sockets missed some)` +
      (kind.duplicates ? `, ${int(kind.duplicates)} received twice` : '')
    : 'n/a';

const memory = (s: PhaseResult['server']) =>
  `${mib(s.idle.rssBytes)} → ${mib(s.withSockets.rssBytes)} → ${mib(s.pushes.rssBytes)} MiB ` +
  `(+${mib(s.pushes.rssBytes - s.idle.rssBytes)})`;

const delay = (s: ServerSample) =>
  `${ms(s.eventLoop.p50Ms)} / ${ms(s.eventLoop.p99Ms)} / ${ms(s.eventLoop.maxMs)} ms`;

/** The builds' mean duration, which board update latencies include. */
const builds = (s: ServerSample) => {
  const b = s.boardBuilds;
  return b && b.count > 0
    ? `; ${b.count} builds of ${ms((1000 * b.seconds) / b.count)} ms on average`
    : '';
};

const calls = (c: PushCalls) => {
  const failed = Object.entries(c.failed);
  const l = latency(c.answerMs);
  return (
    `${int(c.ok)} answered, p50 ${ms(l.p50)} ms, max ${ms(l.max)} ms` +
    (failed.length ? `; failed: ${failed.map(([why, n]) => `${n}× ${why}`).join(', ')}` : '')
  );
};

const closes = (kind: KindResult | undefined) => {
  const entries = Object.entries(kind?.closeErrors ?? {});
  return entries.length ? entries.map(([why, n]) => `${n}× "${why}"`).join(', ') : 'none';
};

export function renderReport(r: HubsResults): string {
  const { options: o, vexil: v, bare: b } = r;
  const players = v.received.players;
  const barePlayers = b?.received.players;
  const all = players ? joined(players) : latency([]);
  const bareAll = barePlayers ? joined(barePlayers) : latency([]);
  const notices = players ? joined(players, [NOTICE]) : latency([]);
  const boards = players ? joined(players, [BOARD]) : latency([]);
  const bareNotices = barePlayers ? joined(barePlayers, [NOTICE]) : latency([]);
  const bareBoards = barePlayers ? joined(barePlayers, [BOARD]) : latency([]);
  const growth = (v.server.pushes.rssBytes - v.server.idle.rssBytes) / MiB;
  const instances =
    o.instances === 1 ? 'one Vexil instance' : `${o.instances} Vexil instances behind nginx`;
  const lines = [
    `### ${int(o.sockets)} players' sockets, ${instances}, ${o.seconds} s of pushes`,
    '',
    `${r.machine}; ${o.database}; load generator: ${o.workers} processes on CPUs ${o.loadCpus ?? 'any'}, ` +
      `servers on CPUs ${o.serverCpus ?? 'any'}; ${int(o.admins)} admins' and ${int(o.monitors)} monitors' sockets beside.`,
    '',
    "| players' hub | Vexil | bare `ws` | Vexil ÷ bare | target | |",
    '|---|---|---|---|---|---|',
    `| sockets held at the end | ${held(players, v.server.pushes.sockets)} | ${held(barePlayers, b?.server.pushes.sockets)} | | all | ${met(!!players && players.openAtEnd === players.sockets)} |`,
    `| opened in (negotiate, WebSocket, handshake) | ${v.opened.seconds.toFixed(1)} s (${int(v.opened.failed)} failed) | ${b ? `${b.opened.seconds.toFixed(1)} s (${int(b.opened.failed)} failed)` : ''} | | | |`,
    `| push latency p50 / p99 / max: notices, from the notice's time | ${showLatency(notices)} | ${showLatency(bareNotices)} | ${ratioP99(notices, bareNotices)} | p99 ≤ 100 ms | ${met(notices.p99 <= 100)} |`,
    `| … board updates, from the build's start${builds(v.server.pushes)} | ${showLatency(boards)} | ${showLatency(bareBoards)} | ${ratioP99(boards, bareBoards)} | | |`,
    `| … every message | ${showLatency(all)} | ${showLatency(bareAll)} | ${ratioP99(all, bareAll)} | | |`,
    `| fan-out: first to last socket, per message, p50 / max | ${spread(players)} | ${spread(barePlayers)} | ${spreadRatio(players, barePlayers)} | | |`,
    `| messages dropped | ${dropped(players)} | ${dropped(barePlayers)} | | 0 | ${met(!!players && players.dropped === 0)} |`,
    `| server memory: idle → with sockets → after pushes (growth) | ${memory(v.server)} | ${b ? memory(b.server) : ''} | | growth ≤ 150 MiB | ${met(growth <= 150)} |`,
    `| event-loop delay over the pushes p50 / p99 / max | ${delay(v.server.pushes)} | ${b ? delay(b.server.pushes) : ''} | | | |`,
    `| server CPU over the pushes (all threads) | ${v.server.pushes.cpuSeconds.toFixed(1)} s | ${b ? `${b.server.pushes.cpuSeconds.toFixed(1)} s` : ''} | | | |`,
    `| close messages received | ${closes(players)} | ${closes(barePlayers)} | | | |`,
    '',
    '| other hubs (Vexil) | sockets held | latency p50 / p99 / max | dropped | close messages |',
    '|---|---|---|---|---|',
  ];
  for (const [name, kind] of [
    ["admins' hub (ReceivedLog…)", v.received.admins],
    ["monitors' hub (events, submissions, board)", v.received.monitors],
  ] as const) {
    if (!kind) continue;
    lines.push(
      `| ${name} | ${held(kind)} | ${showLatency(joined(kind))} | ${dropped(kind)} | ${closes(kind)} |`,
    );
  }
  lines.push(
    '',
    `API calls that made the pushes: notices ${calls(v.pushes.notices)}; right flags ${calls(v.pushes.solves)}. ` +
      `Messages were counted until 3 s passed without one: ${v.drainSeconds.toFixed(1)} s after the last push` +
      (b ? ` (bare: ${b.drainSeconds.toFixed(1)} s).` : '.'),
  );
  if (b) {
    // The bare server answers a broadcast once it has written to every socket: the time a
    // fan-out takes on the server's side, before any client reads it.
    const loops = latency([...b.pushes.notices.answerMs, ...b.pushes.solves.answerMs]);
    lines.push(
      '',
      `Bare reference: a broadcast to every socket took p50 ${ms(loops.p50)} ms, max ${ms(loops.max)} ms ` +
        '(its send loop, as the bench waited for it over IPC).',
    );
  }
  const perInstance = v.server.pushes.instances;
  if (perInstance) {
    lines.push(
      '',
      '| instance | hub connections | RSS after pushes MiB | event loop p99 / max ms | CPU s |',
      '|---|---|---|---|---|',
      ...perInstance.map(
        (s, i) =>
          `| ${i + 1} | ${int(s.sockets)} | ${mib(s.rssBytes)} | ${ms(s.eventLoop.p99Ms)} / ${ms(s.eventLoop.maxMs)} | ${s.cpuSeconds.toFixed(1)} |`,
      ),
    );
  }
  return lines.join('\n');
}
