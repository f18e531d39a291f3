// The session cache (app.sessions) through the real app: a signed-in request after a logout,
// password change or reset, email change, role change, ban, rename or deletion reflects it at once;
// repeated requests of one session read the database once per cache life; the throttled writes
// (sliding expiry, last visit) keep their rates behind the cache.
import type { FastifyInstance } from 'fastify';
import {
  SelectQueryNode,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, deleteSession } from '#server/db/repositories/sessions.js';
import { createUser, findUserById } from '#server/db/repositories/users.js';
import type { DB } from '#server/db/schema.js';
import { LocalClusterEvents } from '#server/services/clusterEvents.js';
import { CachedSessions, SESSION_CACHE_TTL_MS } from '#server/services/sessions.js';
import { caller, createTestApp, signIn, testConfig, type Caller } from '../support/app.js';
import { buildNewUser } from '../support/builders.js';
import { describeEachDatabase, openTestDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { createServer } from '#server/server.js';
import { mintToken } from '../routes/account/mailTokens.js';
import { createAccount, logIn, PASSWORD, profileOf } from '../routes/account/support.js';

/** Counts the queries that read the sessions table (the lookup's join). */
class SessionReads implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    if (SelectQueryNode.is(args.node) && JSON.stringify(args.node.from).includes('"sessions"')) {
      this.count++;
    }
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}

const status = async (call: Caller, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string) =>
  (await call({ method, url })).statusCode;

describeEachDatabase('session cache in the app', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  /** A signed-in User whose session is in the cache (one request made). */
  async function cachedAccount() {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    expect((await profileOf(session)).statusCode).toBe(200);
    return { user, session };
  }

  it('refuses the session of a logout at once', async () => {
    const { session } = await cachedAccount();
    expect(await status(session, 'POST', '/api/account/logout')).toBe(200);
    expect((await profileOf(session)).statusCode).toBe(401);
  });

  it('refuses the session a new sign-in replaced', async () => {
    const { user, session } = await cachedAccount();
    const response = await session({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: user.userName, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect((await profileOf(session)).statusCode).toBe(401);
  });

  it("refuses the user's other sessions after a password change", async () => {
    const { user, session } = await cachedAccount();
    const other = await logIn(server.app, user.userName);
    expect((await profileOf(other)).statusCode).toBe(200);
    const change = await session({
      method: 'PUT',
      url: '/api/account/changepassword',
      payload: { old: PASSWORD, new: 'Another456' },
    });
    expect(change.statusCode).toBe(200);
    expect((await profileOf(other)).statusCode).toBe(401);
    expect((await profileOf(session)).statusCode).toBe(401); // the renewed cookie replaces it
  });

  it('refuses every session after a password reset by mail and one by an admin', async () => {
    const { user, session } = await cachedAccount();
    const link = await mintToken(server.app, 'reset', user);
    const reset = await caller(server.app)({
      method: 'POST',
      url: '/api/account/passwordreset',
      payload: { email: link.email, rToken: link.token, password: 'Fresh789x' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await profileOf(session)).statusCode).toBe(401);

    const second = await cachedAccount();
    expect(await status(admin, 'DELETE', `/api/admin/users/${second.user.id}/password`)).toBe(200);
    expect((await profileOf(second.session)).statusCode).toBe(401);
  });

  it("refuses the user's other sessions after an email change", async () => {
    const { user, session } = await cachedAccount();
    const other = await logIn(server.app, user.userName);
    expect((await profileOf(other)).statusCode).toBe(200);
    const link = await mintToken(server.app, 'changeEmail', user, { email: `new-${user.email}` });
    const confirm = await session({
      method: 'POST',
      url: '/api/account/mailchangeconfirm',
      payload: { email: link.email, token: link.token },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await profileOf(other)).statusCode).toBe(401);
  });

  it('reflects role changes at once: User → Admin → User, then a ban', async () => {
    const { user, session } = await cachedAccount();
    const setRole = (role: string) =>
      admin({ method: 'PUT', url: `/api/admin/users/${user.id}`, payload: { role } });
    expect(await status(session, 'GET', '/api/admin/users')).toBe(403);

    expect((await setRole('Admin')).statusCode).toBe(200);
    expect(await status(session, 'GET', '/api/admin/users')).toBe(200);

    expect((await setRole('User')).statusCode).toBe(200);
    expect(await status(session, 'GET', '/api/admin/users')).toBe(403);
    expect((await profileOf(session)).statusCode).toBe(200);

    expect((await setRole('Banned')).statusCode).toBe(200);
    expect((await profileOf(session)).statusCode).toBe(403);
  });

  it('refuses the sessions of a deleted user at once', async () => {
    const { user, session } = await cachedAccount();
    // Listing one's teams answers from the signed-in user alone (the profile re-reads the row).
    expect(await status(session, 'GET', '/api/team')).toBe(200);
    expect(await status(admin, 'DELETE', `/api/admin/users/${user.id}`)).toBe(200);
    expect(await status(session, 'GET', '/api/team')).toBe(401);
    expect((await profileOf(session)).statusCode).toBe(401);
  });

  it('answers with the new user name after a rename, by the user or an admin', async () => {
    const { user, session } = await cachedAccount();
    const ip = { ip: '127.0.0.1' };
    const { token: raw } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    expect((await server.app.sessions.lookup(raw, ip))?.userName).toBe(user.userName);

    const renamed = `${user.userName}x`;
    const update = await session({
      method: 'PUT',
      url: '/api/account/update',
      payload: { userName: renamed },
    });
    expect(update.statusCode).toBe(200);
    expect((await server.app.sessions.lookup(raw, ip))?.userName).toBe(renamed);

    const byAdmin = `${user.userName}y`;
    const edit = await admin({
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { userName: byAdmin },
    });
    expect(edit.statusCode).toBe(200);
    expect((await server.app.sessions.lookup(raw, ip))?.userName).toBe(byAdmin);
  });

  it('lets a session work at once after the same token was refused', async () => {
    const user = await createUser(server.app.db, buildNewUser());
    const { token } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const session = caller(server.app, token);
    expect((await profileOf(session)).statusCode).toBe(200);
    await deleteSession(server.app.db, token);
    server.app.sessions.forgetToken(token);
    expect((await profileOf(session)).statusCode).toBe(401);
    // Misses are not cached: a new session (new token) is found at once.
    const fresh = await createSession(server.app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
    expect((await profileOf(caller(server.app, fresh.token))).statusCode).toBe(200);
  });
});

describeEachDatabase('session cache use', (getDb) => {
  let app: FastifyInstance;
  const reads = new SessionReads();
  beforeAll(async () => {
    const database = getDb();
    app = await createTestApp({ ...database, db: database.db.withPlugin(reads) }, testConfig());
  });
  afterAll(() => app.close());

  it('reads the database once for many requests of one session', async () => {
    const session = await signIn(app, 'User');
    const before = reads.count;
    for (let i = 0; i < 20; i++) expect((await profileOf(session)).statusCode).toBe(200);
    expect(reads.count - before).toBe(1);
  });

  it('reads again when the session was forgotten', async () => {
    const user = await createUser(app.db, buildNewUser());
    const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
    const session = caller(app, token);
    const before = reads.count;
    await profileOf(session);
    await profileOf(session);
    app.sessions.forgetUser(user.id);
    await profileOf(session);
    expect(reads.count - before).toBe(2);
  });
});

describeEachDatabase('session cache timing', (getDb) => {
  let db: Kysely<DB>;
  let now: number;
  let sessions: CachedSessions;
  const clock = () => now;
  beforeAll(() => {
    db = getDb().db;
    now = 1_800_000_000_000;
    sessions = new CachedSessions(db, new LocalClusterEvents(), { clock });
  });
  afterAll(() => sessions.close());

  async function newSession() {
    const user = await createUser(db, buildNewUser());
    const { token, session } = await createSession(db, user.id, { ip: '10.0.0.1', now });
    const row = () =>
      db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    return { user, token, row };
  }

  it('serves from the cache until its life ends, then reads again', async () => {
    const { token } = await newSession();
    expect(await sessions.lookup(token, { ip: '10.0.0.1' })).not.toBeNull();
    await deleteSession(db, token); // behind the cache's back: no forgetToken
    now += SESSION_CACHE_TTL_MS - 1;
    expect(await sessions.lookup(token, { ip: '10.0.0.1' })).not.toBeNull();
    now += 2;
    expect(await sessions.lookup(token, { ip: '10.0.0.1' })).toBeNull();
  });

  it('does not cache a session read while it was being forgotten', async () => {
    const { token } = await newSession();
    const pending = sessions.lookup(token, { ip: '10.0.0.1' });
    sessions.forgetToken(token); // arrives while the lookup is still reading
    expect(await pending).not.toBeNull();
    const size = sessions.size;
    await sessions.lookup(token, { ip: '10.0.0.1' });
    expect(sessions.size).toBe(size + 1); // the second lookup read and cached it
  });

  it('slides the expiry at most once a minute, also from the cache', async () => {
    const { token, row } = await newSession();
    const created = (await row()).last_seen_at;
    for (let step = 0; step < 12; step++) {
      now += 5_000; // one lookup every 5 s: served from the cache in between its reads
      expect(await sessions.lookup(token, { ip: '10.0.0.1' })).not.toBeNull();
    }
    // 60 s after creation: not yet more than a minute
    expect((await row()).last_seen_at).toBe(created);
    now += 1;
    await sessions.lookup(token, { ip: '10.0.0.1' });
    expect((await row()).last_seen_at).toBe(now);
    const touched = now;
    now += 30_000;
    await sessions.lookup(token, { ip: '10.0.0.1' });
    expect((await row()).last_seen_at).toBe(touched);
  });

  it('records the last visit every 5 s per user, or when the address changes', async () => {
    const { user, token } = await newSession();
    const second = await createSession(db, user.id, { ip: '10.0.0.1', now });
    const visit = async () => {
      const found = await findUserById(db, user.id);
      return { at: found?.lastVisited, ip: found?.lastIp };
    };
    await sessions.lookup(token, { ip: '10.0.0.1' });
    const first = await visit();
    expect(first.at).toBe(now);

    now += 2_000;
    await sessions.lookup(token, { ip: '10.0.0.1' });
    await sessions.lookup(second.token, { ip: '10.0.0.1' }); // another session of the same user
    expect(await visit()).toEqual(first);

    now += 1_000;
    await sessions.lookup(second.token, { ip: '10.0.0.2' }); // a new address is written at once
    expect(await visit()).toEqual({ at: now, ip: '10.0.0.2' });

    const changed = now;
    now += 5_000;
    await sessions.lookup(token, { ip: '10.0.0.2' });
    expect((await visit()).at).toBe(changed);
    now += 1;
    await sessions.lookup(token, { ip: '10.0.0.2' });
    expect((await visit()).at).toBe(now);
  });
});

describe('session cache without the database lookup', () => {
  it('uses the lookupSession override of the app as given', async () => {
    const database = await openTestDatabase('sqlite');
    const config = testConfig();
    const app = await createServer(config, {
      database,
      lookupSession: async (token) =>
        token === 'magic' ? { id: 'x', userName: 'magician', role: 'Admin' } : null,
    });
    try {
      await app.ready();
      expect(await app.sessions.lookup('magic', { ip: '127.0.0.1' })).toMatchObject({
        userName: 'magician',
      });
      const users = await caller(app, 'magic')({ method: 'GET', url: '/api/admin/users' });
      expect(users.statusCode).toBe(200);
      expect(
        (await caller(app, 'other')({ method: 'GET', url: '/api/admin/users' })).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
