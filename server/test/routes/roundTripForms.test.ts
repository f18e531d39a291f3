// The reference's web client saves four forms by sending back the whole object it read, output-only
// properties included. Each is accepted; what the form edits changes, and what the update does not
// take (ids, counters, members, lock, addresses, times, avatars, flags) stays as stored.
import { beforeAll, expect, it } from 'vitest';
import { findTeamById, listMembersOfTeams } from '#server/db/repositories/teams.js';
import { findUserById } from '#server/db/repositories/users.js';
import { type Caller } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { expectMatchesSpec } from '../support/spec.js';
import { signedInUser, uniqueText } from './admin/accounts.js';
import { teamWith } from './team/support.js';

type Json = Record<string, unknown>;

describeEachDatabase('forms that send back the object they read', (getDb) => {
  const server = useTestApp(getDb);
  let admin: Caller;
  beforeAll(async () => {
    admin = (await signedInUser(server.app, { role: 'Admin' })).call;
  });

  const read = async (call: Caller, url: string, operationId: string) => {
    const response = await call({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesSpec(operationId, response);
    return response.json() as Json;
  };
  const save = async (call: Caller, url: string, operationId: string, payload: Json) => {
    const response = await call({ method: 'PUT', url, payload });
    expect(response.statusCode, response.body).toBe(200);
    expectMatchesSpec(operationId, response);
    return response;
  };

  it('edits a challenge from its edit view', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      flags: ['flag{one}', 'flag{two}'],
    });
    const other = await createChallenge(server.app, game.id);
    const url = `/api/edit/games/${game.id}/challenges/${challenge.id}`;
    const before = await read(admin, url, 'editGetGameChallenge');
    const otherBefore = await read(
      admin,
      `/api/edit/games/${game.id}/challenges/${other.id}`,
      'editGetGameChallenge',
    );
    await save(admin, url, 'editUpdateGameChallenge', {
      ...before,
      title: 'Renamed',
      content: 'New statement',
      id: other.id,
      type: 'DynamicContainer',
      acceptedCount: 42,
      attachment: { type: 'Remote', url: 'https://example.com/x', fileSize: 5 },
      testContainer: { id: 'c0ffee', status: 'Running', ip: '10.0.0.9', port: 80 },
      flags: [{ id: 99, flag: 'flag{planted}', attachment: null, occupied: true }],
    });
    expect(await read(admin, url, 'editGetGameChallenge')).toEqual({
      ...before,
      title: 'Renamed',
      content: 'New statement',
    });
    expect(
      await read(
        admin,
        `/api/edit/games/${game.id}/challenges/${other.id}`,
        'editGetGameChallenge',
      ),
    ).toEqual(otherBefore);
  });

  it('edits a user from the admin list', async () => {
    const { user } = await signedInUser(server.app);
    const { user: other } = await signedInUser(server.app);
    const visited = { last_ip: '198.51.100.7', last_visited: Date.now() - 60_000 };
    await server.app.db.updateTable('users').set(visited).where('id', '=', user.id).execute();
    const list = await admin({
      method: 'POST',
      url: '/api/admin/users/search',
      query: { hint: user.userName },
    });
    expect(list.statusCode).toBe(200);
    const [item] = (list.json() as { data: Json[] }).data;
    expect(item).toMatchObject({ id: user.id, ip: visited.last_ip });
    await save(admin, `/api/admin/users/${user.id}`, 'adminUpdateUser', {
      ...item,
      realName: 'Changed Name',
      bio: 'A new bio',
      id: other.id,
      registerTimeUtc: 1,
      lastVisitedUtc: 2,
      ip: '203.0.113.9',
      avatar: '/assets/0123/avatar',
    });
    expect(await findUserById(server.app.db, user.id)).toEqual({
      ...user,
      realName: 'Changed Name',
      bio: 'A new bio',
      lastIp: visited.last_ip,
      lastVisited: visited.last_visited,
    });
    expect(await findUserById(server.app.db, other.id)).toEqual(other);
  });

  it('edits a team from the admin list', async () => {
    const { team } = await teamWith(server.app, 1);
    const { team: other } = await teamWith(server.app, 1);
    const list = await admin({
      method: 'POST',
      url: '/api/admin/teams/search',
      query: { hint: team.name },
    });
    expect(list.statusCode).toBe(200);
    const [item] = (list.json() as { data: Json[] }).data;
    const name = uniqueText('Renamed ');
    await save(admin, `/api/admin/teams/${team.id}`, 'adminUpdateTeam', {
      ...item,
      name,
      bio: 'A new bio',
      locked: true,
      id: other.id,
      avatar: '/assets/0123/avatar',
      members: [],
    });
    expect(await findTeamById(server.app.db, team.id)).toEqual({
      ...team,
      name,
      bio: 'A new bio',
      locked: true,
    });
    expect((await listMembersOfTeams(server.app.db, [team.id])).get(team.id)).toHaveLength(2);
    expect(await findTeamById(server.app.db, other.id)).toEqual(other);
  });

  it("edits the captain's own team", async () => {
    const { team, captain } = await teamWith(server.app, 1);
    const { team: other } = await teamWith(server.app, 0);
    const url = `/api/team/${team.id}`;
    const before = await read(captain.call, url, 'teamGetTeam');
    const name = uniqueText('Renamed ');
    const response = await save(captain.call, url, 'teamUpdateTeam', {
      ...before,
      name,
      bio: 'A new bio',
      id: other.id,
      avatar: '/assets/0123/avatar',
      locked: true,
      members: [(before.members as Json[])[0]],
    });
    const after = { ...before, name, bio: 'A new bio' };
    expect(response.json()).toEqual(after);
    expect(await read(captain.call, url, 'teamGetTeam')).toEqual(after);
    expect(await findTeamById(server.app.db, team.id)).toEqual({ ...team, name, bio: 'A new bio' });
    expect(await findTeamById(server.app.db, other.id)).toEqual(other);
  });
});
