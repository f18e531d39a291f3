import { expect, it } from 'vitest';
import { countUsers, createUser, updateUserFields } from '#server/db/repositories/users.js';
import { signIn } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { uniqueText } from './accounts.js';

describeEachDatabase('admin user lists and profiles', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('pages users by id with the total of all users', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await createUser(server.app.db, buildNewUser()));
    const total = await countUsers(server.app.db);

    const page = await admin({
      method: 'GET',
      url: '/api/admin/users',
      query: { skip: String(total - 5), count: '3' },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ length: 3, total });
    expect(body.data.map((u: { id: string }) => u.id)).toEqual(mine.slice(0, 3).map((u) => u.id));

    const rest = (
      await admin({ method: 'GET', url: '/api/admin/users', query: { skip: String(total - 2) } })
    ).json();
    expect(rest).toMatchObject({ length: 2, total });
    expect(rest.data.map((u: { id: string }) => u.id)).toEqual(mine.slice(3).map((u) => u.id));

    const all = await admin({ method: 'GET', url: '/api/admin/users' });
    expect(all.json()).toMatchObject({ length: Math.min(total, 100), total });

    const none = await admin({ method: 'GET', url: '/api/admin/users', query: { count: '0' } });
    expect(none.json()).toEqual({ data: [], length: 0, total });
  });

  it('lists each user in the wire shape', async () => {
    const user = await createUser(
      server.app.db,
      buildNewUser({ realName: 'Ada L', stdNumber: 'S-1', phone: '+1 555', bio: 'hi' }),
    );
    await updateUserFields(server.app.db, user.id, { avatarHash: 'b'.repeat(64) });
    const total = await countUsers(server.app.db);
    const response = await admin({
      method: 'GET',
      url: '/api/admin/users',
      query: { skip: String(total - 1) },
    });
    expect(response.json().data).toEqual([
      {
        id: user.id,
        userName: user.userName,
        realName: 'Ada L',
        stdNumber: 'S-1',
        phone: '+1 555',
        bio: 'hi',
        registerTimeUtc: user.registerTime,
        lastVisitedUtc: 0,
        ip: '0.0.0.0',
        email: user.email,
        avatar: `/assets/${'b'.repeat(64)}/avatar`,
        role: 'User',
        emailConfirmed: true,
        signIn: {
          password: true,
          authenticatorApp: false,
          passkeys: false,
          singleSignOn: [],
          apiTokens: false,
        },
      },
    ]);
  });

  it('refuses a page size over 500', async () => {
    const response = await admin({
      method: 'GET',
      url: '/api/admin/users',
      query: { count: '501' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('searches user name, student number, email, phone, id and real name, case-insensitively', async () => {
    const token = uniqueText('zq');
    const byName = await createUser(
      server.app.db,
      buildNewUser({ userName: `N${token}`.toUpperCase() }),
    );
    const byStd = await createUser(server.app.db, buildNewUser({ stdNumber: `std-${token}` }));
    const byEmail = await createUser(
      server.app.db,
      buildNewUser({ email: `${token}@Mail.example` }),
    );
    const byPhone = await createUser(server.app.db, buildNewUser({ phone: '+86 139 0000 1111' }));
    const byReal = await createUser(
      server.app.db,
      buildNewUser({ realName: `Real ${token} Name` }),
    );
    await createUser(server.app.db, buildNewUser());

    const search = async (hint: string) => {
      const response = await admin({
        method: 'POST',
        url: '/api/admin/users/search',
        query: { hint },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(body.length);
      return body.data.map((u: { id: string }) => u.id) as string[];
    };

    expect(await search(token)).toEqual([byName, byStd, byEmail, byReal].map((u) => u.id));
    expect(await search(token.toUpperCase())).toHaveLength(4);
    expect(await search('0000 1111')).toContain(byPhone.id);
    expect(await search(byPhone.id.slice(-12).toUpperCase())).toEqual([byPhone.id]);
    expect(await search('MAIL.EXAMPLE')).toContain(byEmail.id);
  });

  it('treats % and _ in the hint as plain characters and returns at most 30 users', async () => {
    const token = uniqueText('pct');
    const literal = await createUser(
      server.app.db,
      buildNewUser({ realName: `${token} 100%_done` }),
    );
    await createUser(server.app.db, buildNewUser({ realName: `${token} 100xxdone` }));
    const hits = await admin({
      method: 'POST',
      url: '/api/admin/users/search',
      query: { hint: '100%_d' },
    });
    expect(hits.json().data.map((u: { id: string }) => u.id)).toEqual([literal.id]);

    for (let i = 0; i < 31; i++)
      await createUser(server.app.db, buildNewUser({ bio: 'x', realName: `many ${token}` }));
    const many = await admin({
      method: 'POST',
      url: '/api/admin/users/search',
      query: { hint: `many ${token}` },
    });
    expect(many.json()).toMatchObject({ length: 30, total: 30 });
  });

  it('requires a hint', async () => {
    const response = await admin({ method: 'POST', url: '/api/admin/users/search' });
    expect(response.statusCode).toBe(400);
  });

  it('returns a user profile, and 404 or 400 for an unknown or malformed id', async () => {
    const user = await createUser(server.app.db, buildNewUser({ bio: 'about me' }));
    const response = await admin({
      method: 'GET',
      url: `/api/admin/users/${user.id.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: user.id,
      userName: user.userName,
      email: user.email,
      bio: 'about me',
      phone: null,
      realName: '',
      stdNumber: '',
      avatar: null,
      role: 'User',
    });

    const missing = await admin({
      method: 'GET',
      url: '/api/admin/users/0190a5c4-1234-7abc-8def-0123456789ab',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(404);

    const malformed = await admin({ method: 'GET', url: '/api/admin/users/not-a-guid' });
    expect(malformed.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const monitor = await signIn(server.app, 'Monitor');
    const response = await monitor({ method: 'GET', url: '/api/admin/users' });
    expect(response.statusCode).toBe(403);
  });
});
