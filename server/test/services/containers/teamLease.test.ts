// The lease that makes a team's container creates take turns on every instance (issue 16,
// services/containers/teamLease.ts), on each database: one holder at a time, the waiter refused
// with 429 after its bound, the lease kept alive while a long create runs, given back after a
// failure, and lapsing by itself when its holder died. Two apps on one database creating real
// containers are in routes/containersAcrossInstances.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { takeContainerLease } from '#server/db/repositories/containerLeases.js';
import { TooOften } from '#server/domain/errors.js';
import { TEAM_BUSY } from '#server/services/containers/errors.js';
import { TeamContainerLease } from '#server/services/containers/teamLease.js';
import { createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam } from '../../routes/game/support.js';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describeEachDatabase('team container lease', (getDb) => {
  const server = useTestApp(getDb);

  async function team() {
    const game = await createGame(server.app);
    return (await playingTeam(server.app, game)).registration.id;
  }

  const lease = async (participationId: number) =>
    server.app.db
      .selectFrom('participations')
      .select(['container_lease_by', 'container_lease_until'])
      .where('id', '=', participationId)
      .executeTakeFirstOrThrow();

  it('lets one holder at a time run, the other after it, in the order they came', async () => {
    const id = await team();
    const one = new TeamContainerLease(server.app.db, { instanceId: 'one' });
    const two = new TeamContainerLease(server.app.db, { instanceId: 'two' });
    const first = gate();
    const steps: string[] = [];
    const running = one.hold(id, async () => {
      steps.push('one starts');
      await first.opened;
      steps.push('one ends');
    });
    await expect.poll(() => steps).toEqual(['one starts']);
    const waiting = two.hold(id, async () => {
      steps.push('two runs');
      return 'done';
    });
    // The second waits while the first holds the lease…
    await sleep(200);
    expect(steps).toEqual(['one starts']);
    expect((await lease(id)).container_lease_by).toMatch(/^one:/);
    first.open();
    // …and runs once it was given back.
    await running;
    expect(await waiting).toBe('done');
    expect(steps).toEqual(['one starts', 'one ends', 'two runs']);
    expect(await lease(id)).toEqual({ container_lease_by: null, container_lease_until: null });
  });

  it('holds other teams apart: their creates do not wait for each other', async () => {
    const [a, b] = [await team(), await team()];
    const keeper = new TeamContainerLease(server.app.db, { instanceId: 'keeper', waitMs: 0 });
    const held = gate();
    const holding = keeper.hold(a, () => held.opened);
    await expect.poll(async () => (await lease(a)).container_lease_by).toMatch(/^keeper:/);
    expect(await keeper.hold(b, async () => 'other team')).toBe('other team');
    held.open();
    await holding;
  });

  it('refuses a waiter with 429 once its bound has passed, and gives the lease back after a failure', async () => {
    const id = await team();
    const holder = new TeamContainerLease(server.app.db, { instanceId: 'holder' });
    const impatient = new TeamContainerLease(server.app.db, {
      instanceId: 'impatient',
      waitMs: 150,
    });
    const held = gate();
    const holding = holder.hold(id, async () => {
      await held.opened;
      throw new Error('the engine failed');
    });
    await expect.poll(async () => (await lease(id)).container_lease_by).toMatch(/^holder:/);
    const refused = await impatient.hold(id, async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooOften);
    expect(refused).toMatchObject({ message: TEAM_BUSY });
    expect((refused as TooOften).details.retryAfter).toBeGreaterThanOrEqual(1);

    held.open();
    await expect(holding).rejects.toThrow('the engine failed');
    expect(await lease(id)).toEqual({ container_lease_by: null, container_lease_until: null });
    expect(await impatient.hold(id, async () => 'ran')).toBe('ran');
  });

  it('keeps the lease of a create that runs longer than the lease lasts', async () => {
    const id = await team();
    const slow = new TeamContainerLease(server.app.db, { instanceId: 'slow', ttlMs: 1_000 });
    const other = new TeamContainerLease(server.app.db, { instanceId: 'other', waitMs: 0 });
    const held = gate();
    const holding = slow.hold(id, () => held.opened);
    await expect.poll(async () => (await lease(id)).container_lease_by).toMatch(/^slow:/);
    // Three lease lifetimes later it is still held, renewed.
    await sleep(3_000);
    await expect(other.hold(id, async () => 'ran')).rejects.toBeInstanceOf(TooOften);
    const now = await lease(id);
    expect(now.container_lease_by).toMatch(/^slow:/);
    expect(Number(now.container_lease_until)).toBeGreaterThan(Date.now());
    held.open();
    await holding;
  });

  it('lets the lease of a holder that died lapse, then hands it to a waiter', async () => {
    const id = await team();
    // Taken by an instance killed before it gave it back: nobody renews or releases it.
    const taken = Date.now();
    expect(
      await takeContainerLease(server.app.db, id, {
        by: 'killed',
        until: taken + 3_000,
        now: taken,
      }),
    ).toBe(true);
    const patient = new TeamContainerLease(server.app.db, {
      instanceId: 'patient',
      waitMs: 15_000,
    });
    const impatient = new TeamContainerLease(server.app.db, { instanceId: 'impatient', waitMs: 0 });
    await expect(impatient.hold(id, async () => 'ran')).rejects.toBeInstanceOf(TooOften);
    expect(await patient.hold(id, async () => 'ran')).toBe('ran');
    expect(Date.now()).toBeGreaterThanOrEqual(taken + 3_000);
    expect(await lease(id)).toEqual({ container_lease_by: null, container_lease_until: null });
  });

  it('gives two racing takes of a free lease to exactly one', async () => {
    const id = await team();
    const now = Date.now();
    const wins = await Promise.all(
      ['a', 'b', 'c', 'd'].map((by) =>
        takeContainerLease(server.app.db, id, { by, until: now + 5_000, now }),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });
});
