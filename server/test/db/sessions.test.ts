import { expect, it } from 'vitest';
import {
  createSession,
  deleteSession,
  deleteSessionsForUser,
  findValidSession,
  hashSessionToken,
  pruneExpiredSessions,
  touchSession,
} from '#server/db/repositories/sessions.js';
import {
  createUser,
  deleteUser,
  rotateSecurityStamp,
  updateUserRole,
} from '#server/db/repositories/users.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildNewUser } from '../support/builders.js';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;
const meta = { ip: '192.0.2.1', userAgent: 'vitest', now: NOW, ttlMs: HOUR };

describeEachDatabase('sessions repository', (getDb) => {
  it('stores only the hash of the token and finds the session with its user', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    const { token, session } = await createSession(db, user.id, meta);

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).toBe(hashSessionToken(token));
    const stored = await db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const found = await findValidSession(db, token, NOW + 1);
    expect(found?.user).toEqual(user);
    expect(found?.session).toEqual({
      id: session.id,
      userId: user.id,
      createdAt: NOW,
      expiresAt: NOW + HOUR,
      lastSeenAt: NOW,
      ip: '192.0.2.1',
      userAgent: 'vitest',
      securityStamp: user.securityStamp,
    });
    expect(await findValidSession(db, session.id, NOW + 1)).toBeNull(); // the hash is no token
  });

  it('does not find an expired session; touching slides the expiry', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    const { token, session } = await createSession(db, user.id, meta);
    expect(await findValidSession(db, token, NOW + HOUR)).toBeNull();

    await touchSession(db, session.id, NOW + HOUR - 1, HOUR);
    const found = await findValidSession(db, token, NOW + HOUR + 1);
    expect(found?.session).toMatchObject({
      lastSeenAt: NOW + HOUR - 1,
      expiresAt: NOW + 2 * HOUR - 1,
    });
    expect(await pruneExpiredSessions(db, NOW + 2 * HOUR)).toBeGreaterThanOrEqual(1);
    expect(await findValidSession(db, token, NOW)).toBeNull();
  });

  it('a changed security stamp invalidates existing sessions, a role change does not', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    const { token } = await createSession(db, user.id, meta);
    await updateUserRole(db, user.id, 'Banned');
    expect((await findValidSession(db, token, NOW))?.user.role).toBe('Banned');

    await rotateSecurityStamp(db, user.id);
    expect(await findValidSession(db, token, NOW)).toBeNull();
    const fresh = await createSession(db, user.id, meta);
    expect(await findValidSession(db, fresh.token, NOW)).not.toBeNull();
  });

  it('logs out one session, all sessions of a user, and goes with the user', async () => {
    const { db } = getDb();
    const user = await createUser(db, buildNewUser());
    const a = await createSession(db, user.id, meta);
    const b = await createSession(db, user.id, meta);
    const c = await createSession(db, user.id, meta);

    expect(await deleteSession(db, a.token)).toBe(true);
    expect(await deleteSession(db, a.token)).toBe(false);
    expect(await findValidSession(db, a.token, NOW)).toBeNull();

    expect(await deleteSessionsForUser(db, user.id, c.session.id)).toBe(1);
    expect(await findValidSession(db, b.token, NOW)).toBeNull();
    expect(await findValidSession(db, c.token, NOW)).not.toBeNull();

    await deleteUser(db, user.id);
    const left = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a session for an unknown user', async () => {
    await expect(createSession(getDb().db, 'missing', meta)).rejects.toThrow(/No user/);
  });
});
