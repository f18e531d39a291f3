// The session watch of the hubs (sessionWatch.ts) on a real database with a test clock: it reads a
// followed session when it starts following, when the session's expiry passes (and finds a slid
// expiry), on a sessions event for the session or its user, and in the safety-net pass (a change
// whose event was lost); a session that ended is no longer followed. A read that fails closes
// (fail closed), except in the safety-net pass, which leaves things as they are.
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import {
  createSession,
  touchSession,
  type SessionHolder,
} from '#server/db/repositories/sessions.js';
import { createUser, updateUserFields } from '#server/db/repositories/users.js';
import { HubSessionWatch, type WatchedConnection } from '#server/plugins/hubs/sessionWatch.js';
import { LocalClusterEvents } from '#server/services/clusterEvents.js';
import { SESSIONS_TOPIC } from '#server/services/sessions.js';
import { buildNewUser } from '../support/builders.js';
import { describeEachDatabase, openTestDatabase } from '../support/databases.js';
import { waitFor } from './support.js';

/** A connection that keeps what the watch told it. */
class FakeConnection implements WatchedConnection {
  reviews = 0;
  current: SessionHolder | null | undefined;

  constructor(readonly session: { id: string; userId: string }) {}

  review(holder: Promise<SessionHolder | null>): void {
    this.reviews++;
    void holder.then((value) => (this.current = value));
  }
}

describeEachDatabase('hub session watch', (getDb) => {
  const T = Date.UTC(2030, 0, 1);
  let now = T;
  const events = new LocalClusterEvents();
  const timing = { sessionCheckMs: 5, sessionReverifyMs: 3_600_000 };
  const watches: HubSessionWatch[] = [];
  afterEach(() => {
    for (const watch of watches.splice(0)) watch.stop();
  });

  function watch(): HubSessionWatch {
    const started = new HubSessionWatch(
      getDb().db,
      events,
      pino({ level: 'silent' }),
      timing,
      () => now,
    );
    watches.push(started);
    return started;
  }

  async function followed(ttlMs: number) {
    now = T;
    const user = await createUser(getDb().db, buildNewUser({ role: 'Admin' }));
    const { session } = await createSession(getDb().db, user.id, { ip: '127.0.0.1', now, ttlMs });
    const connection = new FakeConnection({ id: session.id, userId: user.id });
    return { user, session, connection };
  }

  it('reads the session when it starts following, and again once its expiry has passed', async () => {
    const { session, connection } = await followed(1_000);
    const sessions = watch();
    sessions.follow(connection);
    await waitFor(() => connection.current !== undefined);
    expect(connection.current).toMatchObject({ expiresAt: T + 1_000, user: { role: 'Admin' } });

    // Used meanwhile (sliding expiry): read again at the old expiry, it is still valid.
    await touchSession(getDb().db, session.id, T + 900, 1_000);
    now = T + 1_000;
    await waitFor(() => connection.reviews === 2 && connection.current?.expiresAt === T + 1_900);
    expect(sessions.size).toBe(1);

    now = T + 1_900;
    await waitFor(() => connection.current === null);
    expect(sessions.size).toBe(0);
  });

  it('reads the session again on an event for it or its user, and only then', async () => {
    const { user, session, connection } = await followed(60_000);
    const other = await followed(60_000);
    const sessions = watch();
    sessions.follow(connection);
    sessions.follow(other.connection);
    await waitFor(() => connection.current != null && other.connection.current != null);

    await updateUserFields(getDb().db, user.id, { role: 'User' });
    events.publish(SESSIONS_TOPIC, `user:${user.id}`);
    expect(connection.reviews).toBe(2);
    await waitFor(() => connection.current?.user.role === 'User');
    events.publish(SESSIONS_TOPIC, `token:${session.id}`);
    expect(connection.reviews).toBe(3);
    expect(other.connection.reviews).toBe(1);
  });

  it('reads every session in the safety-net pass, for a change whose event was lost', async () => {
    const { user, connection } = await followed(60_000);
    const sessions = watch();
    const unfollow = sessions.follow(connection);
    await waitFor(() => connection.current != null);
    await updateUserFields(getDb().db, user.id, { role: 'Banned' });
    timing.sessionReverifyMs = 0;
    try {
      await waitFor(() => connection.current?.user.role === 'Banned');
    } finally {
      timing.sessionReverifyMs = 3_600_000;
    }
    unfollow();
    expect(sessions.size).toBe(0);
  });

  it('counts a failed read after a change as an ended session, but not in the safety-net pass', async () => {
    // A database of its own, closed halfway (an outage).
    const database = await openTestDatabase(getDb().dialect);
    now = T;
    const user = await createUser(database.db, buildNewUser({ role: 'Admin' }));
    const { session } = await createSession(database.db, user.id, { ip: '127.0.0.1', now });
    const connection = new FakeConnection({ id: session.id, userId: user.id });
    const logged: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void logged.push(line) });
    const sessions = new HubSessionWatch(database.db, events, log, timing, () => now);
    watches.push(sessions);
    sessions.follow(connection);
    await waitFor(() => connection.current != null);
    await database.close();

    timing.sessionReverifyMs = 0;
    try {
      // Several safety-net passes fail: nothing is reviewed, the session is still followed.
      const passes = connection.reviews;
      const failed = () => logged.filter((line) => line.includes('Could not read the sessions'));
      await waitFor(() => failed().length >= 2);
      expect(connection.reviews).toBe(passes);
      expect(sessions.size).toBe(1);
    } finally {
      timing.sessionReverifyMs = 3_600_000;
    }
    events.publish(SESSIONS_TOPIC, `user:${user.id}`);
    await waitFor(() => connection.current === null);
    expect(sessions.size).toBe(0);
  });
});
