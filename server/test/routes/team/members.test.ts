import { describe, expect, it } from 'vitest';
import { createTeam, findTeamById, isTeamMember } from '#server/db/repositories/teams.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { player, register, registeredUsers, teamWith } from './support.js';

describeEachDatabase('team members: leave, kick, transfer', (getDb) => {
  const server = useTestApp(getDb);

  describe('POST /api/team/{id}/leave', () => {
    it('removes the member and their registrations in the team games only', async () => {
      const { team, captain, members } = await teamWith(server.app, 2);
      const [leaver, stayer] = members;
      const ids = [captain.user.id, leaver.user.id, stayer.user.id];
      const { participationId } = await register(server.app, team, ids, { accepted: false });
      const other = await teamWith(server.app);
      await server.app.db
        .insertInto('team_members')
        .values({ team_id: other.team.id, user_id: leaver.user.id, joined_at: Date.now() })
        .execute();
      const elsewhere = await register(server.app, other.team, [leaver.user.id], {
        accepted: false,
      });

      const response = await leaver.call({ method: 'POST', url: `/api/team/${team.id}/leave` });
      expect(response.statusCode).toBe(200);
      expect(await isTeamMember(server.app.db, team.id, leaver.user.id)).toBe(false);
      expect(await registeredUsers(server.app, participationId)).toEqual(
        [captain.user.id, stayer.user.id].sort(),
      );
      expect(await registeredUsers(server.app, elsewhere.participationId)).toEqual([
        leaver.user.id,
      ]);
    });

    it('refuses the captain, non-members, and a team locked while playing', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const captainLeaves = await captain.call({
        method: 'POST',
        url: `/api/team/${team.id}/leave`,
      });
      expect(captainLeaves.statusCode).toBe(400);
      const stranger = await player(server.app);
      const notMember = await stranger.call({ method: 'POST', url: `/api/team/${team.id}/leave` });
      expect(notMember.statusCode).toBe(400);
      const missing = await stranger.call({ method: 'POST', url: '/api/team/999999/leave' });
      expect(missing.statusCode).toBe(404);

      await register(server.app, team, [captain.user.id, members[0].user.id]);
      const locked = await members[0].call({ method: 'POST', url: `/api/team/${team.id}/leave` });
      expect(locked.statusCode).toBe(400);
      expect(await isTeamMember(server.app.db, team.id, members[0].user.id)).toBe(true);
      expect(await isTeamMember(server.app.db, team.id, captain.user.id)).toBe(true);
      const anonymous = await caller(server.app)({
        method: 'POST',
        url: `/api/team/${team.id}/leave`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/team/{id}/kick/{userId}', () => {
    it("removes the kicked member and the kicked member's registrations", async () => {
      const { team, captain, members } = await teamWith(server.app, 2);
      const [kicked, stayer] = members;
      const { participationId } = await register(
        server.app,
        team,
        [captain.user.id, kicked.user.id, stayer.user.id],
        { endsIn: -1000 },
      );
      const response = await captain.call({
        method: 'POST',
        url: `/api/team/${team.id}/kick/${kicked.user.id.toUpperCase()}`,
      });
      expect(response.statusCode).toBe(200);
      const ids = (response.json().members as { id: string }[]).map((m) => m.id);
      expect(ids).toEqual([captain.user.id, stayer.user.id]);
      expect(response.json().locked).toBe(false);
      expect(await registeredUsers(server.app, participationId)).toEqual(
        [captain.user.id, stayer.user.id].sort(),
      );
    });

    it('refuses to kick the captain, a non-member, or while locked and playing', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const stranger = await player(server.app);
      const kick = (userId: string) =>
        captain.call({ method: 'POST', url: `/api/team/${team.id}/kick/${userId}` });
      for (const userId of [captain.user.id, stranger.user.id]) {
        const response = await kick(userId);
        expect(response.statusCode).toBe(400);
      }
      await register(server.app, team, [members[0].user.id]);
      const locked = await kick(members[0].user.id);
      expect(locked.statusCode).toBe(400);
      expect(await isTeamMember(server.app.db, team.id, members[0].user.id)).toBe(true);
    });

    it('answers 403 to a member and 404 for an unknown team', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const denied = await members[0].call({
        method: 'POST',
        url: `/api/team/${team.id}/kick/${captain.user.id}`,
      });
      expect(denied.statusCode).toBe(403);
      const missing = await captain.call({
        method: 'POST',
        url: `/api/team/999999/kick/${members[0].user.id}`,
      });
      expect(missing.statusCode).toBe(404);
      const badId = await captain.call({ method: 'POST', url: `/api/team/${team.id}/kick/nope` });
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('PUT /api/team/{id}/transfer', () => {
    const transfer = (call: ReturnType<typeof caller>, teamId: number, newCaptainId: string) =>
      call({ method: 'PUT', url: `/api/team/${teamId}/transfer`, payload: { newCaptainId } });

    it('hands the captaincy to a member, even while locked', async () => {
      const { team, captain, members } = await teamWith(server.app, 1, { locked: true });
      const response = await transfer(captain.call, team.id, members[0].user.id);
      expect(response.statusCode).toBe(200);
      const flags = Object.fromEntries(
        (response.json().members as { id: string; captain: boolean }[]).map((m) => [
          m.id,
          m.captain,
        ]),
      );
      expect(flags).toEqual({ [captain.user.id]: false, [members[0].user.id]: true });
      expect((await findTeamById(server.app.db, team.id))?.captainId).toBe(members[0].user.id);
      // The old captain is an ordinary member now.
      const denied = await transfer(captain.call, team.id, captain.user.id);
      expect(denied.statusCode).toBe(403);
      const leave = await captain.call({ method: 'POST', url: `/api/team/${team.id}/leave` });
      expect(leave.statusCode).toBe(200);
    });

    it('refuses non-members, unknown users and users captaining 3 teams', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const stranger = await player(server.app);
      for (const id of [stranger.user.id, '0190a5c4-1234-7abc-8def-0123456789ab']) {
        const response = await transfer(captain.call, team.id, id);
        expect(response.statusCode).toBe(400);
      }
      for (let i = 0; i < 3; i++) {
        await createTeam(server.app.db, { name: `Busy ${i}`, captainId: members[0].user.id });
      }
      const busy = await transfer(captain.call, team.id, members[0].user.id);
      expect(busy.statusCode).toBe(400);
      expect((await findTeamById(server.app.db, team.id))?.captainId).toBe(captain.user.id);
    });

    it('answers 403 to a member, 404 for an unknown team and 400 to a missing id', async () => {
      const { team, captain, members } = await teamWith(server.app, 1);
      const denied = await transfer(members[0].call, team.id, members[0].user.id);
      expect(denied.statusCode).toBe(403);
      const missing = await transfer(captain.call, 999999, members[0].user.id);
      expect(missing.statusCode).toBe(404);
      const empty = await captain.call({
        method: 'PUT',
        url: `/api/team/${team.id}/transfer`,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
    });
  });
});
