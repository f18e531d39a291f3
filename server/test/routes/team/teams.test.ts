import { describe, expect, it } from 'vitest';
import { findTeamById } from '#server/db/repositories/teams.js';
import { updateUserFields } from '#server/db/repositories/users.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { player, register, teamWith } from './support.js';

describeEachDatabase('team create, read, update, delete', (getDb) => {
  const server = useTestApp(getDb);

  describe('POST /api/team', () => {
    it('creates a team with the caller as captain and only member', async () => {
      const { user, call } = await player(server.app, {
        realName: 'Secret Name',
        stdNumber: 'S-42',
      });
      const response = await call({
        method: 'POST',
        url: '/api/team',
        payload: { name: 'Alpha', bio: 'We hack' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ name: 'Alpha', bio: 'We hack', avatar: null, locked: false });
      expect(body.members).toEqual([
        { id: user.id, userName: user.userName, bio: '', avatar: null, captain: true },
      ]);
      expect(response.body).not.toContain('Secret Name');
      const read = await caller(server.app)({ method: 'GET', url: `/api/team/${body.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
    });

    it('allows at most 3 captained teams, also when requests race', async () => {
      const { call } = await player(server.app);
      const create = (name: string) =>
        call({ method: 'POST', url: '/api/team', payload: { name } });
      const responses = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(create));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400]);
      const mine = await call({ method: 'GET', url: '/api/team' });
      expect(mine.json()).toHaveLength(3);
    });

    it('refuses a missing, null, empty or blank name and a name over 20 characters', async () => {
      const { call } = await player(server.app);
      for (const payload of [
        {},
        { name: null },
        { name: '' },
        { name: '   ' },
        { name: 'x'.repeat(21) },
      ]) {
        const response = await call({ method: 'POST', url: '/api/team', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('answers 401 signed out', async () => {
      const response = await caller(server.app)({
        method: 'POST',
        url: '/api/team',
        payload: { name: 'x' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/team and /api/team/{id}', () => {
    it('lists the teams the caller is a member of', async () => {
      const one = await teamWith(server.app, 1);
      const two = await teamWith(server.app);
      const member = one.members[0];
      await server.app.db
        .insertInto('team_members')
        .values({ team_id: two.team.id, user_id: member.user.id, joined_at: Date.now() })
        .execute();
      const response = await member.call({ method: 'GET', url: '/api/team' });
      expect(response.statusCode).toBe(200);
      const teams = response.json() as { id: number; members: { captain: boolean }[] }[];
      expect(teams.map((t) => t.id)).toEqual([one.team.id, two.team.id]);
      expect(teams[0].members.map((m) => m.captain)).toEqual([true, false]);
      expect((await caller(server.app)({ method: 'GET', url: '/api/team' })).statusCode).toBe(401);
    });

    it('shows avatars and answers 404 for an unknown team', async () => {
      const { team, captain } = await teamWith(server.app);
      await updateUserFields(server.app.db, captain.user.id, { avatarHash: 'c'.repeat(64) });
      const read = await caller(server.app)({ method: 'GET', url: `/api/team/${team.id}` });
      expect(read.json().members[0].avatar).toBe(`/assets/${'c'.repeat(64)}/avatar`);
      const missing = await caller(server.app)({ method: 'GET', url: '/api/team/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().status).toBe(404);
    });
    it('shows a lock only while it holds: a lock whose games have ended is lifted', async () => {
      const playing = await teamWith(server.app, 0, { locked: true });
      await register(server.app, playing.team, [playing.captain.user.id]);
      const finished = await teamWith(server.app, 0, { locked: true });
      await register(server.app, finished.team, [finished.captain.user.id], { endsIn: -1000 });
      const lockOf = async (who: typeof playing) =>
        (await who.captain.call({ method: 'GET', url: `/api/team/${who.team.id}` })).json().locked;
      expect(await lockOf(playing)).toBe(true);
      expect(await lockOf(finished)).toBe(false);
      expect((await findTeamById(server.app.db, finished.team.id))?.locked).toBe(false);

      const stale = await teamWith(server.app, 0, { locked: true });
      await register(server.app, stale.team, [stale.captain.user.id], { endsIn: -1000 });
      const list = await stale.captain.call({ method: 'GET', url: '/api/team' });
      expect(list.json()).toEqual([expect.objectContaining({ id: stale.team.id, locked: false })]);
    });
  });

  describe('PUT /api/team/{id}', () => {
    it('lets the captain rename and change the bio; null keeps, empty clears', async () => {
      const { team, captain } = await teamWith(server.app, 0, { locked: true });
      const put = (payload: object) =>
        captain.call({ method: 'PUT', url: `/api/team/${team.id}`, payload });
      let response = await put({ name: 'Renamed', bio: 'New bio' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Renamed', bio: 'New bio', locked: true });
      response = await put({ name: '', bio: null });
      expect(response.json()).toMatchObject({ name: 'Renamed', bio: 'New bio' });
      response = await put({});
      expect(response.json()).toMatchObject({ name: 'Renamed', bio: 'New bio' });
      response = await put({ bio: '' });
      expect(response.json()).toMatchObject({ name: 'Renamed', bio: '' });
    });

    it('answers 403 to a member, 404 for an unknown team, 400 to a long bio', async () => {
      const { team, members } = await teamWith(server.app, 1);
      const member = await members[0].call({
        method: 'PUT',
        url: `/api/team/${team.id}`,
        payload: { name: 'Hijack' },
      });
      expect(member.statusCode).toBe(403);
      const missing = await members[0].call({
        method: 'PUT',
        url: '/api/team/999999',
        payload: {},
      });
      expect(missing.statusCode).toBe(404);
      const long = await members[0].call({
        method: 'PUT',
        url: `/api/team/${team.id}`,
        payload: { bio: 'x'.repeat(73) },
      });
      expect(long.statusCode).toBe(400);
      expect((await findTeamById(server.app.db, team.id))?.name).toBe(team.name);
    });
  });

  describe('DELETE /api/team/{id}', () => {
    it('deletes the team with its members and participations', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const { participationId } = await register(server.app, team, [members[0].user.id], {
        accepted: false,
      });
      const response = await captain.call({ method: 'DELETE', url: `/api/team/${team.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
      expect(await findTeamById(server.app.db, team.id)).toBeNull();
      const left = await server.app.db
        .selectFrom('participations')
        .select('id')
        .where('id', '=', participationId)
        .execute();
      expect(left).toEqual([]);
      const mine = await members[0].call({ method: 'GET', url: '/api/team' });
      expect(mine.json()).toEqual([]);
    });

    it('refuses while locked and playing; a finished game unlocks it', async () => {
      const playing = await teamWith(server.app);
      await register(server.app, playing.team, [playing.captain.user.id]);
      const refused = await playing.captain.call({
        method: 'DELETE',
        url: `/api/team/${playing.team.id}`,
      });
      expect(refused.statusCode).toBe(400);
      expect(await findTeamById(server.app.db, playing.team.id)).not.toBeNull();

      const done = await teamWith(server.app);
      await register(server.app, done.team, [done.captain.user.id], { endsIn: -60_000 });
      expect((await findTeamById(server.app.db, done.team.id))?.locked).toBe(true);
      const deleted = await done.captain.call({
        method: 'DELETE',
        url: `/api/team/${done.team.id}`,
      });
      expect(deleted.statusCode).toBe(200);
    });

    it('answers 403 to a member and 404 for an unknown team', async () => {
      const { team, members } = await teamWith(server.app, 1);
      const member = await members[0].call({ method: 'DELETE', url: `/api/team/${team.id}` });
      expect(member.statusCode).toBe(403);
      const missing = await members[0].call({ method: 'DELETE', url: '/api/team/999999' });
      expect(missing.statusCode).toBe(404);
    });
  });
});
