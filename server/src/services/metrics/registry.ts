/**
 * Vexil's Prometheus metrics, in a registry of the app's own (several apps share a test process).
 * What happens is counted where it happens (the flag checker, the boards, the request hook);
 * what is (queue depth, hub connections, running containers, queued container starts) is read
 * when scraped, so the hot path pays one histogram observation per request and nothing per
 * connection.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the gauges read at each scrape. */
export interface MetricsSources {
  flagCheckerPending(): number;
  hubConnections(): number;
  /** Containers of the database (every instance reports the same number); throws when down. */
  runningContainers(): Promise<number>;
  /** Team starts in the start queue, queued and starting (the same on every instance). */
  containerStarts(): Promise<{ queued: number; starting: number }>;
}

/** Seconds a container start waits in the queue, and takes once taken (a swarm task may take long). */
const START_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

export class Metrics {
  readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'vexil_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly rateLimited = new Counter({
    name: 'vexil_rate_limited_requests_total',
    help: 'Requests answered 429 (rate limits, concurrency queues), by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  private readonly submissions = new Counter({
    name: 'vexil_submissions_total',
    help: 'Flag submissions checked, by result',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private readonly boardBuild = new Histogram({
    name: 'vexil_scoreboard_build_seconds',
    help: 'Time to build and store a game scoreboard',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  private readonly engineRetries = new Counter({
    name: 'vexil_container_engine_retries_total',
    help: 'Container engine calls tried again after a transient failure, by operation',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  private readonly startWait = new Histogram({
    name: 'vexil_container_start_queue_wait_seconds',
    help: 'Time a team container start waited in the start queue before an instance took it',
    buckets: START_BUCKETS,
    registers: [this.registry],
  });

  private readonly startDuration = new Histogram({
    name: 'vexil_container_start_duration_seconds',
    help: 'Time from taking a team container start to its container running',
    buckets: START_BUCKETS,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    // Process metrics, the event-loop delay (nodejs_eventloop_lag_*) among them.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'vexil_flag_checker_pending',
      help: 'Submissions waiting for their check',
      registers: [this.registry],
      collect() {
        this.set(sources.flagCheckerPending());
      },
    });
    new Gauge({
      name: 'vexil_hub_connections',
      help: 'Open hub (WebSocket) connections of this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.hubConnections());
      },
    });
    new Gauge({
      name: 'vexil_containers_running',
      help: 'Challenge containers running (shared by every instance of the database)',
      registers: [this.registry],
      async collect() {
        try {
          this.set(await sources.runningContainers());
        } catch {
          // While the database is down the last value stays; the scrape still answers.
        }
      },
    });
    // Both gauges read from one query per scrape, whichever is collected first.
    let counting: Promise<{ queued: number; starting: number }> | undefined;
    const startCounts = () => {
      counting ??= sources.containerStarts().finally(() => (counting = undefined));
      return counting;
    };
    for (const state of ['queued', 'starting'] as const) {
      new Gauge({
        name: `vexil_container_starts_${state}`,
        help: `Team container starts ${state} in the start queue (shared by every instance)`,
        registers: [this.registry],
        async collect() {
          try {
            this.set((await startCounts())[state]);
          } catch {
            // While the database is down the last value stays.
          }
        },
      });
    }
  }

  /** One answered request; `route` is the route pattern (never the raw URL). */
  answered(route: string, method: string, statusCode: number, seconds: number): void {
    const status = String(statusCode);
    this.requestDuration.observe({ route, method, status_code: status }, seconds);
    if (statusCode === 429) this.rateLimited.inc({ route });
  }

  submissionSettled(result: string): void {
    this.submissions.inc({ result });
  }

  boardBuilt(seconds: number): void {
    this.boardBuild.observe(seconds);
  }

  engineRetried(operation: string): void {
    this.engineRetries.inc({ operation });
  }

  startWaited(seconds: number): void {
    this.startWait.observe(seconds);
  }

  startTook(seconds: number): void {
    this.startDuration.observe(seconds);
  }
}
