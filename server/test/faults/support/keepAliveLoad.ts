/**
 * A small load on kept-alive connections that remembers every request: flag submissions from
 * random teams and public scoreboard reads, each worker sending its next request as soon as the
 * last one was answered (so a connection is never idle for long, the case where a server that
 * stops can reset a request on its way). Every outcome is kept: the status, or the error code of
 * a request that got no answer (ECONNRESET, ECONNREFUSED, or `timeout` past the bound).
 */
import { Agent, request } from 'node:http';
import { seededRandom } from '#bench/event/random.js';
import type { SeededGame } from '#bench/event/seed.js';
import {
  anonymousHeaders,
  submissionChooser,
  submitPath,
  teamHeaders,
} from '#bench/event/traffic.js';

export type RequestKind = 'submit' | 'board';

export interface Outcome {
  kind: RequestKind;
  /** When it was sent and answered (ms, performance.now()). */
  sentAt: number;
  doneAt: number;
  status?: number;
  /** Error code when no answer came: ECONNRESET, ECONNREFUSED, timeout… */
  error?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
  /** Sent on a connection that had already carried a request. */
  reusedSocket: boolean;
}

export interface LoadOptions {
  submitters: number;
  readers: number;
  /** A request with no answer after this long counts as `timeout` (a bound, not a target). */
  timeoutMs: number;
  randomSeed?: number;
  /** Pause between two requests of one worker (0 = back to back). */
  pauseMs?: number;
}

export interface Load {
  outcomes: Outcome[];
  /** Ids of the submissions answered 200. */
  answeredIds: number[];
  /** Lets every worker finish its request, then resolves. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(
  agent: Agent,
  url: URL,
  kind: RequestKind,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, method, path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            kind,
            sentAt,
            doneAt: performance.now(),
            status: res.statusCode,
            headers: res.headers,
            // Boards can be large and only their status matters here.
            body: kind === 'board' ? undefined : Buffer.concat(chunks).toString('utf8'),
            reusedSocket: req.reusedSocket,
          }),
        );
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({
            kind,
            sentAt,
            doneAt: performance.now(),
            error: error.code ?? error.message,
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        kind,
        sentAt,
        doneAt: performance.now(),
        error: error.code ?? error.message,
        reusedSocket: req.reusedSocket,
      }),
    );
    req.end(body);
  });
}

export function startLoad(baseUrl: string, game: SeededGame, options: LoadOptions): Load {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.submitters + options.readers });
  const next = submissionChooser(game, seededRandom(options.randomSeed ?? 1), {
    correctShare: 0.3,
    zipfExponent: 1,
  });
  const outcomes: Outcome[] = [];
  const answeredIds: number[] = [];
  let running = true;

  const submitter = async () => {
    while (running) {
      const { team, challenge, flag } = next();
      const outcome = await send(
        agent,
        url,
        'submit',
        'POST',
        submitPath(game.id, challenge.id),
        teamHeaders(team),
        JSON.stringify({ flag }),
        options.timeoutMs,
      );
      outcomes.push(outcome);
      if (outcome.status === 200) answeredIds.push(Number(outcome.body));
      await pause(outcome);
    }
  };
  const reader = async () => {
    while (running) {
      const outcome = await send(
        agent,
        url,
        'board',
        'GET',
        `/api/game/${game.id}/scoreboard`,
        anonymousHeaders,
        undefined,
        options.timeoutMs,
      );
      outcomes.push(outcome);
      await pause(outcome);
    }
  };
  // A refused connection is answered at once: do not spin on it.
  const pause = (outcome: Outcome) =>
    sleep(outcome.error ? Math.max(20, options.pauseMs ?? 0) : (options.pauseMs ?? 0));

  const workers = [
    ...Array.from({ length: options.submitters }, submitter),
    ...Array.from({ length: options.readers }, reader),
  ];
  return {
    outcomes,
    answeredIds,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}

/** Outcomes counted by status or error, e.g. `{ '200': 812, ECONNREFUSED: 3 }`. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.error ?? String(outcome.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export interface SplitRequest {
  /** Sends the rest of the body; resolves with the outcome. */
  finish(): Promise<Outcome>;
}

/**
 * A request on a connection of its own whose head and first half of the body are sent now and
 * the rest later: between the two, the server has received it and waits for it (a request in
 * flight for as long as the test wants).
 */
export function splitRequest(
  baseUrl: string,
  kind: RequestKind,
  path: string,
  headers: Record<string, string>,
  body: string,
): SplitRequest {
  const url = new URL(baseUrl);
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const sentAt = performance.now();
  const req = request({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path,
    headers: { ...headers, 'content-length': String(bytes.length) },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const done = (fields: Partial<Outcome>) =>
      resolve({ kind, sentAt, doneAt: performance.now(), reusedSocket: false, ...fields });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
  });
  req.flushHeaders();
  req.write(bytes.subarray(0, half));
  return {
    finish: () => {
      req.end(bytes.subarray(half));
      return outcome;
    },
  };
}
