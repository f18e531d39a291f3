// Issue 13, findings 1 and 3: PostgreSQL faults under a submission load, with a real PostgreSQL
// cluster of the test's own (restarted and stopped at will) and Vexil in its own process. Each
// case asserts that the process lives (or restarts cleanly), answers again once the database is
// back, answers 503 with Retry-After (never 500) while it is not, logs an outage once (not a
// stack per request), and that every submission answered 200 is stored and checked exactly once.
// Needs only the PostgreSQL server binaries (not DATABASE_URL). Never asserts a timing: the
// bounds below only keep a broken server from hanging the run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSubmissionLoad, type LoadRecord } from './support/acknowledgedLoad.js';
import { freePort, postgresBinaries, startPgCluster, type PgCluster } from './support/pgCluster.js';
import { seedEvent, settledEvent, type SeededEvent } from './support/seededEvent.js';
import { startVexil, type VexilUnderTest } from './support/restartableVexil.js';
import { skipUnless } from '../support/skipReason.js';

const binaries = postgresBinaries();
const missing = 'missing' in binaries ? binaries.missing : undefined;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** A load runs this long before the fault and after the database is back. */
const LOAD_MS = 1500;
/** How long the database stays stopped. */
const OUTAGE_MS = 3000;
const BACK_WITHIN_MS = 30_000;

const OUTAGE_LINE = /The database is unreachable/;
const BACK_LINE = /The database works again/;

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
/** A request's failure logged with its stack: what the outage must not produce. */
const PER_REQUEST_LINE = /Unhandled error|Unhandled 'error' event|"stack"/;

/** What every case expects of the answers: 200s, and 503s with Retry-After; never a 500. */
function expectOnlyAcknowledgedOrUnavailable(record: LoadRecord): void {
  expect(record.unexpected).toEqual([]);
  expect(record.withoutRetryAfter).toBe(0);
  expect(Object.keys(record.statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
}

const ready = missing === undefined || Boolean(process.env.CI);
const why = `PostgreSQL fault suites: ${missing} (install postgresql)`;

describe('PostgreSQL faults under load', skipUnless(ready, why), () => {
  let cluster: PgCluster;
  let vexil: VexilUnderTest | undefined;
  let dataDir: string;
  let databaseUrl: string;
  let event: SeededEvent;
  const storage = () => ({ dataDir: ':memory:', databaseUrl });

  beforeAll(async () => {
    if (missing) throw new Error(`PostgreSQL fault tests need the server binaries: ${missing}`);
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  /** A fresh database with a seeded game, and a data folder, for each case. */
  async function freshEvent(): Promise<void> {
    databaseUrl = await cluster.createDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'vexil-faults-'));
    event = await seedEvent(storage());
  }

  afterEach(async () => {
    await vexil?.stop();
    vexil = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startReadyVexil(port?: number): Promise<VexilUnderTest> {
    const started = startVexil({ port: port ?? (await freePort()), dataDir, databaseUrl });
    await started.waitReady();
    return started;
  }

  it('lives through a PostgreSQL restart (pg_ctl restart -m fast) under load', async () => {
    await freshEvent();
    vexil = await startReadyVexil();
    const load = startSubmissionLoad(vexil.url, event.game);
    await sleep(LOAD_MS);
    await cluster.restart();
    const restarted = Date.now();
    await load.acknowledgedAfter(restarted, BACK_WITHIN_MS);
    await sleep(LOAD_MS);
    const record = await load.stop();

    expect(vexil.alive()).toBe(true);
    expectOnlyAcknowledgedOrUnavailable(record);
    expect(vexil.linesMatching(PER_REQUEST_LINE)).toEqual([]);
    // One outage, one line for it and one for its end, however many requests it failed.
    expect(vexil.linesMatching(OUTAGE_LINE)).toHaveLength(1);
    // Its end is logged once no failure came for 2 s after the first success.
    await until(() => vexil!.linesMatching(BACK_LINE).length > 0, 10_000);
    expect(vexil.linesMatching(BACK_LINE)).toHaveLength(1);

    const settled = await settledEvent(storage(), event, record.acknowledged);
    expect(settled).toMatchObject({ drained: true, lost: 0, countedOnce: true });
    expect(settled.checked).toBeGreaterThanOrEqual(record.acknowledged.length);
    expect(settled.flagSubmitEvents).toBe(settled.checked);
  }, 180_000);

  it('answers 503 with Retry-After while PostgreSQL is stopped, and recovers when it starts', async () => {
    await freshEvent();
    vexil = await startReadyVexil();
    const load = startSubmissionLoad(vexil.url, event.game);
    await sleep(LOAD_MS);
    await cluster.stop();
    await sleep(OUTAGE_MS);
    const unavailable = load.record.statuses[503] ?? 0;
    await cluster.start();
    const started = Date.now();
    await load.acknowledgedAfter(started, BACK_WITHIN_MS);
    await sleep(LOAD_MS);
    const record = await load.stop();

    expect(vexil.alive()).toBe(true);
    expect(unavailable).toBeGreaterThan(0);
    expectOnlyAcknowledgedOrUnavailable(record);
    expect(vexil.linesMatching(PER_REQUEST_LINE)).toEqual([]);
    expect(vexil.linesMatching(OUTAGE_LINE)).toHaveLength(1);
    // Its end is logged once no failure came for 2 s after the first success.
    await until(() => vexil!.linesMatching(BACK_LINE).length > 0, 10_000);
    expect(vexil.linesMatching(BACK_LINE)).toHaveLength(1);

    const settled = await settledEvent(storage(), event, record.acknowledged);
    expect(settled).toMatchObject({ drained: true, lost: 0, countedOnce: true });
    expect(settled.checked).toBeGreaterThanOrEqual(record.acknowledged.length);
    expect(settled.flagSubmitEvents).toBe(settled.checked);
  }, 180_000);

  it('loses no acknowledged submission when killed with SIGKILL under load and started again', async () => {
    await freshEvent();
    const port = await freePort();
    vexil = await startReadyVexil(port);
    const load = startSubmissionLoad(vexil.url, event.game);
    await sleep(LOAD_MS);
    await vexil.kill9();
    const killed = Date.now();
    vexil = await startReadyVexil(port);
    await load.acknowledgedAfter(killed, BACK_WITHIN_MS);
    await sleep(LOAD_MS);
    const record = await load.stop();

    expect(vexil.alive()).toBe(true);
    expectOnlyAcknowledgedOrUnavailable(record);
    expect(vexil.linesMatching(PER_REQUEST_LINE)).toEqual([]);

    const settled = await settledEvent(storage(), event, record.acknowledged);
    expect(settled).toMatchObject({ drained: true, lost: 0, countedOnce: true });
    expect(settled.checked).toBeGreaterThanOrEqual(record.acknowledged.length);
    expect(settled.flagSubmitEvents).toBe(settled.checked);
  }, 180_000);

  it('starts while PostgreSQL is down: alive, not ready, 503 until the database starts', async () => {
    await freshEvent();
    await cluster.stop();
    try {
      vexil = startVexil({ port: await freePort(), dataDir, databaseUrl });
      const url = vexil.url;
      // Bounded wait for the port (the process compiles its sources first).
      await expect
        .poll(() => vexil!.linesMatching(/The database is not reachable yet/).length, {
          timeout: 60_000,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(2);
      const live = await fetch(`${url}/healthz`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      const load = startSubmissionLoad(url, event.game);
      await sleep(LOAD_MS);
      expect(load.record.statuses[503]).toBeGreaterThan(0);
      expect(load.record.acknowledged).toEqual([]);
      expect(vexil.alive()).toBe(true);

      await cluster.start();
      const started = Date.now();
      await vexil.waitReady(BACK_WITHIN_MS);
      await load.acknowledgedAfter(started, BACK_WITHIN_MS);
      await sleep(LOAD_MS);
      const record = await load.stop();

      expect(vexil.alive()).toBe(true);
      expectOnlyAcknowledgedOrUnavailable(record);
      expect(vexil.linesMatching(PER_REQUEST_LINE)).toEqual([]);
      const settled = await settledEvent(storage(), event, record.acknowledged);
      expect(settled).toMatchObject({ drained: true, lost: 0, countedOnce: true });
      expect(settled.checked).toBe(record.acknowledged.length);
      expect(settled.flagSubmitEvents).toBe(settled.checked);
    } finally {
      await cluster.start().catch(() => {});
    }
  }, 180_000);
});
