// Personal API tokens (issue 26): made, listed and revoked by their owner with a session; used by
// a script with `Authorization: Bearer` only (no cookie, no CSRF), within their scope and their
// user's role; ended by revocation, a password change, a ban, a lowered role, an expiry and the
// account's deletion; never accepted in a URL nor on account-security operations.
import { expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createSession } from '#server/db/repositories/sessions.js';
import { deleteUser } from '#server/db/repositories/users.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { caller, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { playingTeam } from '../game/support.js';
import { createAccount, logIn, PASSWORD } from '../account/support.js';
import { bearer, listTokens, makeToken } from './support.js';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('personal API tokens', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const account = async (role: 'User' | 'Monitor' | 'Admin' = 'User') => {
    const user = await createAccount(server.app, { role });
    return { user, session: await logIn(server.app, user.userName) };
  };

  const profile = (call: Caller) => call({ method: 'GET', url: '/api/account/profile' });

  it('shows the secret once, stores only its SHA-256, and lists the token without it', async () => {
    const { user, session } = await account();
    const expiresAt = Date.now() + 30 * DAY;
    const response = await session({
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'discord bot', scope: 'Read', expiresAt },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token, info } = response.json() as { token: string; info: { id: string } };
    expect(token).toMatch(/^vexil_pat_[A-Za-z0-9_-]{43}$/);
    const row = await server.app.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', info.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice('vexil_pat_'.length));
    const listed = await listTokens(session);
    expect(listed).toEqual([
      {
        id: info.id,
        name: 'discord bot',
        scope: 'Read',
        createdAt: expect.any(Number),
        expiresAt,
        lastUsedAt: null,
        lastUsedIp: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
    const me = await profile(bearer(server.app, token));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.id });
  });

  it('records the last use (time and address) without a write per request', async () => {
    const { session } = await account();
    const { secret } = await makeToken(session, { scope: 'Read' });
    const before = Date.now();
    const use = () => profile(bearer(server.app, secret));
    for (let i = 0; i < 3; i++) expect((await use()).statusCode).toBe(200);
    const [listed] = await listTokens(session);
    expect(listed.lastUsedAt).toBeGreaterThanOrEqual(before);
    expect(listed.lastUsedIp).toBe('127.0.0.1');
  });

  it('refuses the Admin scope to a non-admin, and expiries in the past or beyond a year', async () => {
    const { session } = await account('Monitor');
    const create = (payload: Record<string, unknown>) =>
      session({ method: 'POST', url: '/api/account/tokens', payload: { name: 'x', ...payload } });
    expect((await create({ scope: 'Admin' })).statusCode).toBe(400);
    expect((await create({ scope: 'Read', expiresAt: Date.now() - 1000 })).statusCode).toBe(400);
    expect((await create({ scope: 'Read', expiresAt: Date.now() + 400 * DAY })).statusCode).toBe(
      400,
    );
    expect((await create({ scope: 'Superuser' })).statusCode).toBe(400);
    expect((await create({ scope: 'Read', name: '' })).statusCode).toBe(400);
    expect((await create({ scope: 'Play', expiresAt: null })).statusCode).toBe(200);
  });

  it('a Read token reads but cannot submit a flag; a Play token submits without CSRF', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const read = await makeToken(team.call, { scope: 'Read' });
    const play = await makeToken(team.call, { scope: 'Play' });
    const submit = (call: Caller) =>
      call({
        method: 'POST',
        url: `/api/game/${game.id}/challenges/${challenge.id}`,
        payload: { flag: challenge.flags[0] },
      });
    const details = await bearer(
      server.app,
      read.secret,
    )({
      method: 'GET',
      url: `/api/game/${game.id}/details`,
    });
    expect(details.statusCode, details.body).toBe(200);
    const refused = await submit(bearer(server.app, read.secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().title).toMatch(/scope \(Read\)/);
    const accepted = await submit(bearer(server.app, play.secret));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.headers['set-cookie']).toBeUndefined();
    const submitId = accepted.json() as number;
    await expect
      .poll(async () => {
        const status = await bearer(
          server.app,
          read.secret,
        )({
          method: 'GET',
          url: `/api/game/${game.id}/challenges/${challenge.id}/status/${submitId}`,
        });
        return status.json() as string;
      })
      .toBe('Accepted');
  });

  it('still needs CSRF with a cookie', async () => {
    const { user } = await account();
    const { token } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const update = { method: 'PUT' as const, url: '/api/account/update', payload: {} };
    expect((await caller(server.app, token)(update)).statusCode).toBe(200);
    // The same session cookie without the XSRF pair.
    const without = await server.app.inject({ ...update, cookies: { [SESSION_COOKIE]: token } });
    expect(without.statusCode).toBe(403);
    expect(without.json().title).toMatch(/XSRF/);
  });

  it('a Play token cannot change what only Admin scope may, nor act beyond its user role', async () => {
    const { session } = await account();
    const play = bearer(server.app, (await makeToken(session, { scope: 'Play' })).secret);
    // An operation of the user's role that is neither a read nor play: Admin scope only.
    const team = await play({ method: 'POST', url: '/api/team', payload: { name: 'bots' } });
    expect(team.statusCode).toBe(403);
    // Beyond the role: a User's token never reads admin data.
    expect((await play({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
  });

  it("an admin's Admin token administers without CSRF; its Read token only reads", async () => {
    const { session } = await account('Admin');
    const full = bearer(server.app, (await makeToken(session, { scope: 'Admin' })).secret);
    const read = bearer(server.app, (await makeToken(session, { scope: 'Read' })).secret);
    expect((await read({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);
    // A search sent as POST is marked Read.
    const search = await read({ method: 'POST', url: '/api/admin/users/search?hint=a' });
    expect(search.statusCode, search.body).toBe(200);
    const post = { method: 'POST' as const, url: '/api/edit/posts', payload: { title: 'Hello' } };
    expect((await read(post)).statusCode).toBe(403);
    const made = await full(post);
    expect(made.statusCode, made.body).toBe(200);
  });

  it('refuses every account-security operation with a token, whatever its scope', async () => {
    const { user, session } = await account('Admin');
    const full = bearer(server.app, (await makeToken(session, { scope: 'Admin' })).secret);
    const victim = await createAccount(server.app);
    const attempts = [
      { method: 'GET', url: '/api/account/tokens' },
      { method: 'POST', url: '/api/account/tokens', payload: { name: 'more', scope: 'Admin' } },
      {
        method: 'PUT',
        url: '/api/account/changepassword',
        payload: { old: PASSWORD, new: 'Another123!' },
      },
      { method: 'PUT', url: '/api/account/changeemail', payload: { newMail: 'x@example.com' } },
      { method: 'POST', url: '/api/account/logout' },
      {
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: user.userName, password: PASSWORD },
      },
      { method: 'GET', url: '/api/admin/tokens' },
      { method: 'DELETE', url: `/api/admin/users/${victim.id}/password` },
    ] as const;
    for (const attempt of attempts) {
      const response = await full(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().title).toMatch(/cannot be used with an API token/);
    }
    // Nothing changed: the password still signs in.
    await logIn(server.app, user.userName);
  });

  it("another user's token cannot be revoked by its id (404), nor their resources reached", async () => {
    const owner = await account();
    const other = await account();
    const token = await makeToken(owner.session, { scope: 'Play' });
    const revoke = await other.session({
      method: 'DELETE',
      url: `/api/account/tokens/${token.id}`,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(200);
    // The owner's Play token on another team's registration: refused as for the owner's cookie.
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    await playingTeam(server.app, game);
    const submit = {
      method: 'POST' as const,
      url: `/api/game/${game.id}/challenges/${challenge.id}`,
      payload: { flag: challenge.flags[0] },
    };
    const withToken = await bearer(server.app, token.secret)(submit);
    const withCookie = await owner.session(submit);
    expect(withToken.statusCode).toBeGreaterThanOrEqual(400);
    expect(withToken.statusCode).toBe(withCookie.statusCode);
  });

  it('ends at revocation, by its owner or an admin, at once', async () => {
    const { user, session } = await account();
    const mine = await makeToken(session, { scope: 'Read' });
    const theirs = await makeToken(session, { scope: 'Read' });
    expect((await profile(bearer(server.app, mine.secret))).statusCode).toBe(200);
    expect((await profile(bearer(server.app, theirs.secret))).statusCode).toBe(200);
    const revoked = await session({ method: 'DELETE', url: `/api/account/tokens/${mine.id}` });
    expect(revoked.statusCode).toBe(200);
    const refused = await profile(bearer(server.app, mine.secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      title: expect.stringMatching(/invalid, expired or revoked/),
      status: 401,
    });

    const listed = await admin({ method: 'GET', url: `/api/admin/tokens?userId=${user.id}` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      data: [{ id: theirs.id, userId: user.id, userName: user.userName, scope: 'Read' }],
      length: 1,
      total: 1,
    });
    const all = await admin({ method: 'GET', url: '/api/admin/tokens?count=500' });
    expect((all.json() as { data: { id: string }[] }).data.map((t) => t.id)).toContain(theirs.id);
    expect(
      (await admin({ method: 'DELETE', url: `/api/admin/tokens/${theirs.id}` })).statusCode,
    ).toBe(200);
    expect((await profile(bearer(server.app, theirs.secret))).statusCode).toBe(401);
    expect(
      (await admin({ method: 'DELETE', url: `/api/admin/tokens/${theirs.id}` })).statusCode,
    ).toBe(404);
  });

  it('ends with a password change', async () => {
    const { user, session } = await account();
    const token = await makeToken(session, { scope: 'Read' });
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(200);
    const changed = await session({
      method: 'PUT',
      url: '/api/account/changepassword',
      payload: { old: PASSWORD, new: 'Another123!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(401);
    const again = await logIn(server.app, user.userName, 'Another123!');
    expect(await listTokens(again)).toEqual([]);
  });

  it('ends with a ban, and stays ended once the ban is lifted', async () => {
    const { user, session } = await account();
    const token = await makeToken(session, { scope: 'Play' });
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(200);
    const ban = (role: string) =>
      admin({ method: 'PUT', url: `/api/admin/users/${user.id}`, payload: { role } });
    expect((await ban('Banned')).statusCode).toBe(200);
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(401);
    expect((await ban('User')).statusCode).toBe(200);
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(401);
  });

  it('ends when the role is lowered below its scope, and stays ended if raised again', async () => {
    const { user, session } = await account('Admin');
    const full = await makeToken(session, { scope: 'Admin' });
    const read = await makeToken(session, { scope: 'Read' });
    const setRole = (role: string) =>
      admin({ method: 'PUT', url: `/api/admin/users/${user.id}`, payload: { role } });
    expect((await profile(bearer(server.app, full.secret))).statusCode).toBe(200);
    expect((await setRole('User')).statusCode).toBe(200);
    expect((await profile(bearer(server.app, full.secret))).statusCode).toBe(401);
    // Its Read token fits a User, and never reads more than a User now.
    const reader = bearer(server.app, read.secret);
    expect((await profile(reader)).statusCode).toBe(200);
    expect((await reader({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
    expect((await setRole('Admin')).statusCode).toBe(200);
    expect((await profile(bearer(server.app, full.secret))).statusCode).toBe(401);
  });

  it('ends at its expiry', async () => {
    const { user } = await account();
    const token = await makeToken(await logIn(server.app, user.userName), {
      scope: 'Read',
      expiresAt: Date.now() + DAY,
    });
    // Moved into the past directly: waiting a day is not a test.
    await server.app.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 } as never)
      .where('id', '=', token.id)
      .execute();
    server.app.apiTokens.forget(createHash('sha256').update(token.secret).digest('hex'));
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(401);
  });

  it("goes with the account's deletion", async () => {
    const { user, session } = await account();
    const token = await makeToken(session, { scope: 'Read' });
    await deleteUser(server.app.db, user.id);
    server.app.sessions.forgetUser(user.id);
    expect((await profile(bearer(server.app, token.secret))).statusCode).toBe(401);
    const rows = await server.app.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a token in a URL with 400, whatever else the request carries', async () => {
    const { session } = await account();
    const token = await makeToken(session, { scope: 'Read' });
    for (const url of [
      `/api/account/profile?access_token=${token.secret}`,
      `/api/account/profile?token=${token.secret}`,
      `/api/game?x=${encodeURIComponent(token.secret)}`,
    ]) {
      const response = await caller(server.app)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().title).toMatch(/not accepted in URLs/);
    }
    const alongside = await bearer(
      server.app,
      token.secret,
    )({
      method: 'GET',
      url: `/api/account/profile?access_token=${token.secret}`,
    });
    expect(alongside.statusCode).toBe(400);
  });

  it('answers 401 to a malformed or unknown Bearer token, never falling back to the cookie', async () => {
    const { user } = await account();
    const { token: session } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    for (const secret of ['nonsense', `vexil_pat_${'A'.repeat(43)}`]) {
      const response = await caller(
        server.app,
        session,
      )({
        method: 'GET',
        url: '/api/account/profile',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().title).toMatch(/invalid, expired or revoked/);
      // Where anyone may call, it answers as to anyone.
      const open = await bearer(server.app, secret)({ method: 'GET', url: '/api/config' });
      expect(open.statusCode).toBe(200);
    }
  });
});
