/**
 * What the hubs bench reads of a server during a phase, the same way for Vexil and for the bare
 * reference: resident memory now, the event-loop delay since the phase began (p50, p99, max),
 * the CPU time spent in it, the sockets it holds. Vexil's come from its Prometheus metrics
 * (`/metrics`, allowed for 127.0.0.1 in the bench), as an operator would read them: prom-client's
 * `nodejs_eventloop_lag_*` (monitorEventLoopDelay at 10 ms resolution, emptied by each scrape, so
 * a scrape at the start of the phase and one at its end frame it), `process_resident_memory_bytes`,
 * `process_cpu_seconds_total`, `vexil_hub_connections`, and the scoreboard builds of the phase
 * (`vexil_scoreboard_build_seconds`: a board update's latency counts from its build's start). A
 * cluster's figures are summed over its instances, but for the delay, whose worst instance is
 * shown.
 */

export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ServerSample {
  rssBytes: number;
  eventLoop: EventLoopDelay;
  /** CPU time of the whole process (all threads) since the phase began. */
  cpuSeconds: number;
  /** Sockets the server holds now (Vexil: hub connections). */
  sockets: number;
  /** Vexil's scoreboard builds in the phase, and the time they took in all. */
  boardBuilds?: { count: number; seconds: number };
  /** Per instance of a cluster. */
  instances?: ServerSample[];
}

export interface ServerProbe {
  /** Starts a phase: the delay histogram emptied, the CPU time noted. */
  reset(): Promise<void>;
  sample(): Promise<ServerSample>;
}

/** monitorEventLoopDelay records whole timer periods: the delay is what exceeds the period. */
const RESOLUTION_MS = 10;

/** The unlabelled samples of a Prometheus text answer, by name. */
async function scrape(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${url}/metrics answered ${response.status}`);
  const values = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('#') || line.includes('{')) continue;
    const [name, value] = line.split(' ');
    if (name && value !== undefined) values.set(name, Number(value));
  }
  return values;
}

const BUILD_SECONDS = 'vexil_scoreboard_build_seconds';

function instanceProbe(url: string): ServerProbe {
  let atReset = { cpu: 0, builds: 0, buildSeconds: 0 };
  const read = (values: Map<string, number>, name: string) => {
    const value = values.get(name);
    if (value === undefined) throw new Error(`${url}/metrics has no ${name}`);
    return value;
  };
  const lagMs = (values: Map<string, number>, name: string) =>
    Math.max(0, read(values, name) * 1000 - RESOLUTION_MS);
  return {
    async reset() {
      const values = await scrape(url);
      atReset = {
        cpu: read(values, 'process_cpu_seconds_total'),
        builds: values.get(`${BUILD_SECONDS}_count`) ?? 0,
        buildSeconds: values.get(`${BUILD_SECONDS}_sum`) ?? 0,
      };
    },
    async sample() {
      const values = await scrape(url);
      return {
        rssBytes: read(values, 'process_resident_memory_bytes'),
        eventLoop: {
          p50Ms: lagMs(values, 'nodejs_eventloop_lag_p50_seconds'),
          p99Ms: lagMs(values, 'nodejs_eventloop_lag_p99_seconds'),
          maxMs: lagMs(values, 'nodejs_eventloop_lag_max_seconds'),
        },
        cpuSeconds: read(values, 'process_cpu_seconds_total') - atReset.cpu,
        sockets: read(values, 'vexil_hub_connections'),
        boardBuilds: {
          count: (values.get(`${BUILD_SECONDS}_count`) ?? 0) - atReset.builds,
          seconds: (values.get(`${BUILD_SECONDS}_sum`) ?? 0) - atReset.buildSeconds,
        },
      };
    },
  };
}

/** The figures of several processes as one: summed, but for the delay (the worst one's). */
export function combineSamples(samples: ServerSample[]): ServerSample {
  if (samples.length === 1) return samples[0];
  const sum = (pick: (s: ServerSample) => number) => samples.reduce((n, s) => n + pick(s), 0);
  const worst = (pick: (s: ServerSample) => number) => Math.max(...samples.map(pick));
  return {
    rssBytes: sum((s) => s.rssBytes),
    eventLoop: {
      p50Ms: worst((s) => s.eventLoop.p50Ms),
      p99Ms: worst((s) => s.eventLoop.p99Ms),
      maxMs: worst((s) => s.eventLoop.maxMs),
    },
    cpuSeconds: sum((s) => s.cpuSeconds),
    sockets: sum((s) => s.sockets),
    boardBuilds: {
      count: sum((s) => s.boardBuilds?.count ?? 0),
      seconds: sum((s) => s.boardBuilds?.seconds ?? 0),
    },
    instances: samples,
  };
}

/** Vexil's instances (each asked directly, never through the balancer). */
export function vexilProbe(urls: string[]): ServerProbe {
  const probes = urls.map(instanceProbe);
  return {
    reset: async () => void (await Promise.all(probes.map((probe) => probe.reset()))),
    sample: async () => combineSamples(await Promise.all(probes.map((probe) => probe.sample()))),
  };
}
