/**
 * A submission load that remembers what it was told: a few players submitting flags one after
 * another (right ones and wrong ones) against a seeded game, each answer recorded. A 200 carries
 * the id of a stored submission: the test later checks each such id was recorded and checked
 * exactly once. A 503 or 507 must carry `Retry-After` (the client waits a little, as told);
 * anything else (a 500, a 400) is unexpected and kept with its body; a refused or reset
 * connection (Vexil killed) is counted. Apart from the longest wait for an answer (a bound against
 * requests left hanging, as behind a balancer), only correctness is recorded.
 */
import { seededRandom } from '#bench/event/random.js';
import type { SeededGame } from '#bench/event/seed.js';
import { submissionChooser, submitPath, teamHeaders } from '#bench/event/traffic.js';

export interface Acknowledged {
  id: number;
  /** `Date.now()` when the answer arrived. */
  at: number;
}

export interface LoadRecord {
  acknowledged: Acknowledged[];
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** 503 and 507 answers without `Retry-After`. */
  withoutRetryAfter: number;
  /** Answers other than 200, 503 and 507: status and body. */
  unexpected: Array<{ status: number; body: string }>;
  /** Requests that got no answer (connection refused or reset). */
  connectionErrors: number;
  /** The longest a request waited for its answer (or its error), in ms. */
  longestMs: number;
}

export interface SubmissionLoad {
  /** What has been recorded so far (live). */
  record: LoadRecord;
  /** Waits (bounded) for a submission acknowledged after `since` (`Date.now()`). */
  acknowledgedAfter(since: number, timeoutMs?: number): Promise<Acknowledged>;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<LoadRecord>;
}

export interface LoadOptions {
  /** Players submitting at once. */
  players?: number;
  /** Pause after each answer (keeps the load modest on a small CI machine). */
  pauseMs?: number;
  /** Pause after a 503, a 507 or a connection error. */
  backOffMs?: number;
  randomSeed?: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function startSubmissionLoad(
  url: string,
  game: SeededGame,
  options: LoadOptions = {},
): SubmissionLoad {
  const { players = 4, pauseMs = 5, backOffMs = 100, randomSeed = 13 } = options;
  const choose = submissionChooser(game, seededRandom(randomSeed), {
    correctShare: 0.3,
    zipfExponent: 1,
  });
  const record: LoadRecord = {
    acknowledged: [],
    statuses: {},
    withoutRetryAfter: 0,
    unexpected: [],
    connectionErrors: 0,
    longestMs: 0,
  };
  let running = true;

  async function submitOnce(): Promise<number> {
    const { team, challenge, flag } = choose();
    const sent = performance.now();
    const answered = () => {
      record.longestMs = Math.max(record.longestMs, performance.now() - sent);
    };
    let response: Response;
    try {
      response = await fetch(`${url}${submitPath(game.id, challenge.id)}`, {
        method: 'POST',
        headers: teamHeaders(team),
        body: JSON.stringify({ flag }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      answered();
      record.connectionErrors++;
      return backOffMs;
    }
    const body = await response.text().catch(() => '');
    answered();
    record.statuses[response.status] = (record.statuses[response.status] ?? 0) + 1;
    if (response.status === 200) {
      record.acknowledged.push({ id: Number(JSON.parse(body)), at: Date.now() });
      return pauseMs;
    }
    if (response.status === 503 || response.status === 507) {
      if (!response.headers.get('retry-after')) record.withoutRetryAfter++;
      return backOffMs;
    }
    record.unexpected.push({ status: response.status, body });
    return backOffMs;
  }

  const loops = Array.from({ length: players }, async () => {
    while (running) await sleep(await submitOnce());
  });

  return {
    record,
    async acknowledgedAfter(since, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = record.acknowledged.find((a) => a.at > since);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No submission was acknowledged within ${timeoutMs} ms: ${JSON.stringify(record.statuses)}`,
          );
        }
        await sleep(50);
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return record;
    },
  };
}
