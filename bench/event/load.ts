/**
 * Load with autocannon, in the bench process: a fixed request measured for some seconds (GETs,
 * the bare servers), and flag submissions spread over every team — sustained, or at a steady
 * rate in the background — that remember every submission id the server answered, so the checks
 * can later find each one in the database.
 */
import autocannon from 'autocannon';
import { seededRandom } from './random.js';
import type { SeededGame } from './seed.js';
import { submissionChooser, submitPath, teamHeaders } from './traffic.js';

export interface Throughput {
  /** Answers of the expected status per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of another status. */
  unexpected: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers of the expected status. */
  answered: number;
  seconds: number;
}

export interface Run {
  /** Ends the run early (background load). */
  stop(): void;
  done: Promise<Throughput>;
}

function start(options: autocannon.Options, expected: '2xx' | '3xx'): Run {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<Throughput>((resolve, reject) => {
    instance = autocannon(options, (error, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      const answered = result[expected];
      const seconds = Math.max(result.duration, 0.001);
      resolve({
        perSecond: answered / seconds,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        unexpected:
          result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - answered,
        errors: result.errors + result.timeouts,
        answered,
        seconds,
      });
    });
  });
  return { stop: () => instance?.stop(), done };
}

/**
 * autocannon keeps every response body as a string, which caps it at a few hundred answers per
 * second for a board of a megabyte or more, well below what the servers can do. Fixed requests
 * do not need their bodies, so their connections skip keeping them (`setupClient` is autocannon's
 * hook on each connection's client).
 */
function discardBodies(client: unknown): void {
  (client as { pipelinedRequests: { addBody(data: unknown): void } }).pipelinedRequests.addBody =
    () => {};
}

/** One request, repeated for `seconds` over `connections` connections. */
export function measure(
  url: string,
  options: {
    seconds: number;
    connections: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    expected?: '2xx' | '3xx';
  },
): Promise<Throughput> {
  return start(
    {
      url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      duration: options.seconds,
      connections: options.connections,
      setupClient: discardBodies,
    },
    options.expected ?? '2xx',
  ).done;
}

export interface SubmissionLoad {
  seconds: number;
  connections: number;
  /** Requests per second over all connections; unset = as fast as answered. */
  rate?: number;
  correctShare: number;
  zipfExponent: number;
  randomSeed: number;
}

/** Submits flags as random teams; every id answered with 200 is pushed to `answeredIds`. */
export function submissions(
  url: string,
  game: SeededGame,
  load: SubmissionLoad,
  answeredIds: number[],
): Run {
  const next = submissionChooser(game, seededRandom(load.randomSeed), load);
  return start(
    {
      url,
      duration: load.seconds,
      connections: load.connections,
      overallRate: load.rate,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const { team, challenge, flag } = next();
            return {
              ...request,
              method: 'POST',
              path: submitPath(game.id, challenge.id),
              headers: teamHeaders(team),
              body: JSON.stringify({ flag }),
            };
          },
          onResponse: (status, body) => {
            if (status === 200) answeredIds.push(Number(body));
          },
        },
      ],
    },
    '2xx',
  );
}
