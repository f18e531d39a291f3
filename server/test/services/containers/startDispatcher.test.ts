// The start queue's dispatchers (services/containers/startQueue.ts) of two instances on one
// database, running stand-in starts that the test ends by hand (no engine): between them they
// never run more starts than the slots, each slot held once, and they take starts in ticket
// order; a start whose holder's lease lapsed goes back first in line and is taken again, and a
// dispatcher that stops takes nothing more.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.js';
import {
  dropStart,
  enqueueStart,
  type ContainerStart,
} from '#server/db/repositories/containerStarts.js';
import { findInstance } from '#server/db/repositories/instances.js';
import { StartDispatcher } from '#server/services/containers/startQueue.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam } from '../../routes/game/support.js';

const SLOTS = 3;

interface Running {
  start: ContainerStart;
  token: string;
  finish: () => Promise<void>;
}

describeEachDatabase('container start dispatchers', (getDb) => {
  const server = useTestApp(getDb);
  let other: Database;
  const running: Running[] = [];
  const taken: number[] = [];
  const dispatchers: StartDispatcher[] = [];
  beforeAll(async () => {
    other = await openDatabase(getDb().openOptions);
  });
  afterEach(async () => {
    for (const dispatcher of dispatchers.splice(0)) {
      const stopping = dispatcher.stop();
      for (const r of running.splice(0)) await r.finish();
      await stopping;
    }
    running.length = 0;
    taken.length = 0;
  });
  afterAll(() => other?.close());

  /** A dispatcher of another instance whose starts run until the test finishes them. */
  function dispatcher(app: FastifyInstance | Database, name: string, leaseMs = 20_000) {
    const db = 'db' in app ? app.db : app;
    const made = new StartDispatcher({
      db,
      slots: SLOTS,
      timing: { leaseMs, pollMs: 50 },
      instanceId: name,
      log: { warn: (_o, message) => expect.fail(message) },
      run: (start, held) =>
        new Promise<void>((resolve) => {
          taken.push(start.id);
          running.push({
            start,
            token: held.token,
            finish: async () => {
              await dropStart(db, start.id, held.token);
              resolve();
            },
          });
        }),
    });
    dispatchers.push(made);
    made.start();
    return made;
  }

  /** Queues `count` starts (a team each), answering their tickets in order. */
  async function queue(count: number) {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { type: 'StaticContainer' });
    const tickets: number[] = [];
    for (let i = 0; i < count; i++) {
      const team = await playingTeam(server.app, game);
      const instance = await findInstance(server.app.db, team.registration.id, challenge.id);
      const start = await enqueueStart(server.app.db, {
        gameInstanceId: instance!.id,
        participationId: team.registration.id,
        userName: 'player',
        teamName: team.team.name,
        now: Date.now(),
      });
      tickets.push(start.id);
    }
    return tickets;
  }

  const slots = async () =>
    (
      await server.app.db
        .selectFrom('container_starts')
        .select(['id', 'slot'])
        .where('state', '=', 'starting')
        .orderBy('slot')
        .execute()
    ).map((row) => row.slot);

  it('run no more starts than the slots between them, in ticket order', async () => {
    const tickets = await queue(8);
    // Four dispatchers, two per connection pool, all woken at once: their takes race.
    const all = [
      dispatcher(server.app, 'one'),
      dispatcher(other, 'two'),
      dispatcher(server.app, 'three'),
      dispatcher(other, 'four'),
    ];
    for (const each of all) void each.wake();
    await expect.poll(() => taken.length).toBe(SLOTS);
    expect(await slots()).toEqual([0, 1, 2]);
    expect([...taken].sort((a, b) => a - b)).toEqual(tickets.slice(0, SLOTS));

    // As each one ends, the next in line takes its slot, whichever instance takes it.
    for (let done = 0; done < tickets.length; done++) {
      await running.shift()!.finish();
      await expect.poll(() => running.length).toBe(Math.min(SLOTS, tickets.length - done - 1));
      expect((await slots()).length).toBe(running.length);
    }
    expect(taken).toEqual(expect.arrayContaining(tickets));
    expect([...taken].sort((a, b) => a - b)).toEqual(tickets);
    expect(taken.slice(SLOTS)).toEqual(tickets.slice(SLOTS));
  });

  it('take again, first in line, a start whose holder stopped renewing its lease', async () => {
    const [first, second] = await queue(2);
    // A holder that took the first start and died: it never renews.
    const dead = new StartDispatcher({
      db: other.db,
      slots: 1,
      timing: { leaseMs: 60_000, pollMs: 60_000 },
      instanceId: 'dead',
      log: { warn: () => undefined },
      run: () => new Promise<void>(() => undefined),
    });
    await dead.wake();
    const held = await server.app.db
      .selectFrom('container_starts')
      .select(['id', 'held_by', 'attempts'])
      .where('state', '=', 'starting')
      .execute();
    expect(held).toEqual([{ id: first, held_by: expect.stringMatching(/^dead#/), attempts: 1 }]);

    // The living instance takes the second at once, and the first once its lease has lapsed.
    dispatcher(server.app, 'alive');
    await expect.poll(() => taken).toEqual([second]);
    await server.app.db
      .updateTable('container_starts')
      .set({ lease_until: Date.now() - 1 })
      .where('id', '=', first)
      .execute();
    await expect.poll(() => taken).toEqual([second, first]);
    const retaken = running.find((r) => r.start.id === first)!.start;
    expect(retaken.attempts).toBe(2);
    expect(retaken.heldBy).toMatch(/^alive#/);
  });

  it('take nothing more once stopped', async () => {
    const one = dispatcher(server.app, 'one');
    await one.stop();
    await queue(1);
    await one.wake();
    expect(taken).toEqual([]);
  });
});
