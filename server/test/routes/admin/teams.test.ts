import { expect, it } from 'vitest';
import { countTeams, findTeamById } from '#server/db/repositories/teams.js';
import { signIn } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { register, teamWith } from '../team/support.js';
import { signedInUser, uniqueText } from './accounts.js';

describeEachDatabase('admin team management', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('pages teams by id with members and the total of all teams', async () => {
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push((await teamWith(server.app, i % 2)).team);
    const total = await countTeams(server.app.db);
    const page = await admin({
      method: 'GET',
      url: '/api/admin/teams',
      query: { skip: String(total - 4), count: '3' },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ length: 3, total });
    expect(body.data.map((t: { id: number }) => t.id)).toEqual(mine.slice(0, 3).map((t) => t.id));
    expect(body.data.map((t: { members: unknown[] }) => t.members.length)).toEqual([1, 2, 1]);
    const none = await admin({ method: 'GET', url: '/api/admin/teams', query: { count: '0' } });
    expect(none.json()).toEqual({ data: [], length: 0, total });
    const tooMany = await admin({
      method: 'GET',
      url: '/api/admin/teams',
      query: { count: '501' },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('searches names case-insensitively and ids exactly', async () => {
    const word = uniqueText('Srch');
    const a = (await teamWith(server.app, 0, { name: `${word}_A` })).team;
    const b = (await teamWith(server.app, 0, { name: `x${word.toUpperCase()}` })).team;
    await teamWith(server.app, 0, { name: `${word.slice(0, -1)}%` });
    const search = (hint: string) =>
      admin({ method: 'POST', url: '/api/admin/teams/search', query: { hint } });
    const found = await search(word.toLowerCase());
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((t: { id: number }) => t.id)).toEqual([a.id, b.id]);
    expect(found.json()).toMatchObject({ length: 2, total: 2 });
    const byId = (await search(String(a.id))).json();
    expect(byId.data.map((t: { id: number }) => t.id)).toContain(a.id);
    expect((await search(`${word}_`)).json().data).toHaveLength(1);
    const missing = await admin({ method: 'POST', url: '/api/admin/teams/search' });
    expect(missing.statusCode).toBe(400);
  });

  it('updates name, bio and lock; null and empty name leave them', async () => {
    const { team } = await teamWith(server.app, 0, { locked: true });
    const put = (payload: object) =>
      admin({ method: 'PUT', url: `/api/admin/teams/${team.id}`, payload });
    const response = await put({ name: 'Admin set', bio: 'Checked', locked: false });
    expect(response.statusCode).toBe(200);
    expect(await findTeamById(server.app.db, team.id)).toMatchObject({
      name: 'Admin set',
      bio: 'Checked',
      locked: false,
    });
    await put({ name: '', bio: null, locked: null });
    expect(await findTeamById(server.app.db, team.id)).toMatchObject({
      name: 'Admin set',
      bio: 'Checked',
    });
    await put({ bio: '', locked: true });
    expect(await findTeamById(server.app.db, team.id)).toMatchObject({ bio: '', locked: true });
    const missing = await admin({ method: 'PUT', url: '/api/admin/teams/999999', payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a team even while it plays, and answers 404 afterwards', async () => {
    const { team, captain } = await teamWith(server.app, 1);
    await register(server.app, team, [captain.user.id]);
    const response = await admin({ method: 'DELETE', url: `/api/admin/teams/${team.id}` });
    expect(response.statusCode).toBe(200);
    expect(await findTeamById(server.app.db, team.id)).toBeNull();
    const again = await admin({ method: 'DELETE', url: `/api/admin/teams/${team.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('logs player and administrator team actions', async () => {
    const { user: captain, call } = await signedInUser(server.app);
    const created = (
      await call({ method: 'POST', url: '/api/team', payload: { name: 'Logged' } })
    ).json();
    const { user: boss, call: bossCall } = await signedInUser(server.app, { role: 'Admin' });
    await bossCall({
      method: 'PUT',
      url: `/api/admin/teams/${created.id}`,
      payload: { locked: true },
    });
    await server.app.logStore.flush();
    const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: `Created team Logged (${created.id})`,
          name: captain.userName,
          status: 'Success',
        }),
        expect.objectContaining({
          msg: `Updated team Logged (${created.id})`,
          name: boss.userName,
          ip: '127.0.0.1',
          status: 'Success',
        }),
      ]),
    );
  });

  it('is for administrators only', async () => {
    const { team } = await teamWith(server.app);
    const user = await signIn(server.app, 'Monitor');
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/teams' },
      { method: 'POST' as const, url: '/api/admin/teams/search?hint=a' },
      { method: 'PUT' as const, url: `/api/admin/teams/${team.id}`, payload: { locked: true } },
      { method: 'DELETE' as const, url: `/api/admin/teams/${team.id}` },
    ]) {
      expect((await user(request)).statusCode).toBe(403);
    }
    expect(await findTeamById(server.app.db, team.id)).toMatchObject({ locked: false });
  });
});
