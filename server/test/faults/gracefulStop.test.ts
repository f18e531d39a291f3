// SIGTERM under a submission load on kept-alive connections (issue 13, finding 4), against a real
// Vexil process: a request in flight when the signal comes (its body still arriving) is answered
// 200; no request is reset: requests arriving on kept-alive connections during the stop get 503
// `{title, status}` with Retry-After and Connection: close, new connections are refused; the hub
// connection gets a close message that allows a reconnect; the process exits 0 (1 would mean the
// bound ran out). After a restart on the same database, every submission answered 200 is stored
// and checked exactly once (the checker finishes what the stop left `FlagSubmitted`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPath, teamHeaders } from '#bench/event/traffic.js';
import { RawHubClient } from '../hubs/support.js';
import { accountFor, seedFaultGame, type FaultGame } from './support/faultGame.js';
import { splitRequest, startLoad, tally } from './support/keepAliveLoad.js';
import { launchVexil, type VexilUnderTest } from './support/vexilUnderTest.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the exit code, or 'still running' when the wait (a bound) runs out. */
const exitOf = (vexil: VexilUnderTest, timeoutMs: number) =>
  Promise.race([vexil.exited, sleep(timeoutMs).then(() => 'still running')]);

describe('SIGTERM under load', () => {
  let world: FaultGame;
  const started: VexilUnderTest[] = [];
  const launch = async () => {
    const vexil = await launchVexil({
      dataDir: world.dataDir,
      databaseUrl: world.databaseUrl,
      env: { VEXIL_RATE_LIMIT: 'off', VEXIL_SHUTDOWN_TIMEOUT: '10' },
    });
    started.push(vexil);
    return vexil;
  };

  beforeAll(async () => {
    world = await seedFaultGame();
  });
  afterAll(async () => {
    for (const vexil of started) await vexil.kill();
    await world?.remove();
  });

  it('finishes what is in flight, refuses the rest cleanly and exits 0', async () => {
    const vexil = await launch();
    const hub = new RawHubClient(`${vexil.url}/hub/user?game=${world.game.id}`);
    await hub.opened();
    hub.send({ protocol: 'json', version: 1 });
    await expect.poll(() => hub.messages()).toContainEqual({});

    // A request with no answer after 15 s fails the test: a bound, not a speed target.
    const load = startLoad(vexil.url, world.game, { submitters: 4, readers: 1, timeoutMs: 15_000 });
    await expect.poll(() => load.answeredIds.length, { timeout: 30_000 }).toBeGreaterThan(20);

    // A submission whose head the server has (the pause) while the rest of its body comes only
    // once the stop has begun: in flight throughout.
    const [team, challenge] = [world.game.teams[0], world.game.challenges[0]];
    const inFlight = splitRequest(
      vexil.url,
      'submit',
      submitPath(world.game.id, challenge.id),
      teamHeaders(team),
      JSON.stringify({ flag: challenge.flag }),
    );
    await sleep(500);
    vexil.signal('SIGTERM');
    await sleep(300);
    const probe = await inFlight.finish();
    const exit = await exitOf(vexil, 30_000);
    await load.stop();

    expect(exit).toBe(0);
    // Every other request was answered 200 or 503, or its connection was refused: none reset.
    const byStatus = tally(load.outcomes);
    const unexpected = Object.keys(byStatus).filter(
      (key) => !['200', '503', 'ECONNREFUSED'].includes(key),
    );
    expect(unexpected).toEqual([]);
    for (const refused of load.outcomes.filter((o) => o.status === 503)) {
      expect(refused.headers).toMatchObject({
        'retry-after': expect.stringMatching(/^\d+$/),
        connection: 'close',
        'content-type': expect.stringContaining('application/json'),
      });
      if (refused.kind === 'submit') {
        expect(JSON.parse(refused.body!)).toEqual({ title: expect.any(String), status: 503 });
      }
    }

    // Answered during the stop (Connection: close), as any other request.
    expect(probe).toMatchObject({ status: 200, headers: { connection: 'close' } });

    // The hub told its client to come back (to this instance once restarted, or another).
    await hub.closed;
    expect(hub.messages()).toContainEqual(
      expect.objectContaining({ type: 7, allowReconnect: true }),
    );

    // Started again on the same database: what the stop left unchecked is checked now.
    const again = await launch();
    const answered = [...load.answeredIds, Number(probe.body)];
    expect(await accountFor(world, answered)).toEqual({
      drained: true,
      lost: 0,
      missing: 0,
      countedOnce: true,
    });
    again.signal('SIGTERM');
    expect(await exitOf(again, 30_000)).toBe(0);
  }, 120_000);
});
