/**
 * Scenario B: one instance killed with SIGKILL in the middle of a submission load through the
 * balancer. Every submission answered 200 is stored and checked exactly once (what the dead
 * instance had claimed is taken over once its claims lapse, services/flagCheck/claims.ts), the
 * board is exact through the balancer and each survivor, no request waits longer than a generous
 * bound (nginx retries a refused connection on the next instance), nginx answers from the other
 * two, and a hub client of the dead instance reconnects through nginx and hears of board changes. A request the dead instance was handling when it died gets 502 from nginx: a POST is
 * not sent again (it may have been stored), so each player has at most one such answer.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { checkBoard } from '#bench/event/checks.js';
import { startSubmissionLoad } from '../../faults/support/acknowledgedLoad.js';
import { seedEvent, settledEvent } from '../../faults/support/seededEvent.js';
import { hubClient } from '../../hubs/support.js';
import { attachAcrossInstances } from '../support/hubsOnInstances.js';
import type { VexilCluster } from '../support/vexilCluster.js';

const PLAYERS = 16;
/** A request unanswered this long is stuck: far above nginx's 2 s connect timeout and retries. */
const STUCK_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function instanceKilledUnderLoad(getCluster: () => VexilCluster): void {
  it('loses nothing when an instance dies under load, and the others carry on', async () => {
    const { balancer, database, instances } = getCluster();
    const storage = database.openOptions;
    const event = await seedEvent(storage);
    const url = balancer.url;
    const hubs = await attachAcrossInstances(
      getCluster(),
      () => hubClient(`${url}/hub/user?game=${event.game.id}`, { origin: url, reconnect: true }),
      1,
    );
    const victimIndex = 1;
    const orphans = hubs.filter((hub) => hub.instance === victimIndex).map((h) => h.connection);
    const reconnected = new Set<unknown>();
    const updatesAfter = new Map<unknown, number>(orphans.map((c) => [c, 0]));
    for (const connection of orphans) {
      connection.onreconnected(() => reconnected.add(connection));
      connection.on('ReceivedScoreboardUpdate', () => {
        if (reconnected.has(connection))
          updatesAfter.set(connection, updatesAfter.get(connection)! + 1);
      });
    }

    const load = startSubmissionLoad(balancer.url, event.game, {
      players: PLAYERS,
      pauseMs: 10,
    });
    await expect
      .poll(() => load.record.acknowledged.length, { timeout: 30_000 })
      .toBeGreaterThan(100);

    const victim = instances[victimIndex];
    const survivors = instances.filter((instance) => instance !== victim);
    await victim.kill();
    const killed = Date.now();
    // What the dead instance had claimed and not checked (its claims name its process id).
    const orphaned = await database.db
      .selectFrom('submissions')
      .select(sql<number>`count(*)`.as('n'))
      .where('status', '=', 'FlagSubmitted')
      .where('claimed_by', 'like', `%:${victim.process.pid}:%`)
      .executeTakeFirstOrThrow();
    await load.acknowledgedAfter(killed + 1_000, 30_000);
    // The dead instance's hub clients are back (through another instance) and hear of new boards.
    await expect.poll(() => reconnected.size, { timeout: 15_000 }).toBe(orphans.length);
    for (const connection of orphans) {
      await expect.poll(() => updatesAfter.get(connection), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await sleep(1_000);
    const record = await load.stop();
    await Promise.all(hubs.map((hub) => hub.connection.stop()));

    const { 200: ok = 0, 502: dropped = 0, ...others } = record.statuses;
    expect(others).toEqual({});
    expect(ok).toBe(record.acknowledged.length);
    expect(dropped).toBeLessThanOrEqual(PLAYERS);
    expect(record.connectionErrors).toBe(0);
    expect(record.longestMs).toBeLessThan(STUCK_MS);

    // nginx answers from the other two.
    for (let i = 0; i < 6; i++) {
      expect((await fetch(`${balancer.url}/readyz`)).status).toBe(200);
    }

    // Claims of the dead instance lapse after 20 s; the sweep (every 5 s) takes them over.
    const settled = await settledEvent(storage, event, record.acknowledged);
    expect(settled, `${orphaned.n} orphaned at the kill`).toMatchObject({
      drained: true,
      lost: 0,
      countedOnce: true,
    });
    expect(settled.checked).toBeGreaterThanOrEqual(record.acknowledged.length);
    expect(settled.flagSubmitEvents).toBe(settled.checked);

    for (const url of [balancer.url, ...survivors.map((s) => s.url)]) {
      const board = await checkBoard(url, database.db, event.game, 20);
      expect(board, url).toMatchObject({ mismatchedTeams: 0 });
    }
  });
}
