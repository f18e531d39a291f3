// Individual play (issue 25): joining an `Individual` game registers the caller with their
// personal entry (a team of one, made once and reused); a `Teams` game still wants a team and
// refuses a personal entry.
import { expect, it } from 'vitest';
import type { GameSettings } from '#server/db/repositories/games.js';
import { findParticipationOfUser } from '#server/db/repositories/participations.js';
import { findPersonalEntry } from '#server/db/repositories/personalEntries.js';
import { listMembersOfTeams } from '#server/db/repositories/teams.js';
import { verify } from '#server/domain/teamToken.js';
import type { Caller } from '../../support/app.js';
import { createGame, createMember, createTeamWithMembers } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('individual play: joining', (getDb) => {
  const server = useTestApp(getDb);
  const individual = (settings: Partial<GameSettings> = {}) =>
    createGame(server.app, { playMode: 'Individual', ...settings });
  const join = (call: Caller, gameId: number, body: Record<string, unknown> = {}) =>
    call({ method: 'POST', url: `/api/game/${gameId}`, payload: body });

  it('registers the caller alone with a personal entry named after them', async () => {
    const game = await individual();
    const player = await createMember(server.app);
    const response = await join(player.call, game.id);
    expect(response.statusCode, response.body).toBe(200);

    const entry = await findPersonalEntry(server.app.db, player.user.id);
    expect(entry).toMatchObject({
      name: player.user.userName,
      captainId: player.user.id,
      personalOf: player.user.id,
    });
    const members = await listMembersOfTeams(server.app.db, [entry!.id]);
    expect(members.get(entry!.id)!.map((m) => m.id)).toEqual([player.user.id]);
    const participation = await findParticipationOfUser(server.app.db, game.id, player.user.id);
    expect(participation).toMatchObject({ teamId: entry!.id, status: 'Accepted' });
    expect(verify(game.publicKey, participation!.token)).toBe(true);

    // The game's page names the entry as the caller's team.
    const page = await player.call({ method: 'GET', url: `/api/game/${game.id}` });
    expect(page.json()).toMatchObject({
      playMode: 'Individual',
      teamName: player.user.userName,
      status: 'Accepted',
    });
  });

  it('ignores a teamId in an individual game', async () => {
    const game = await individual();
    const { team, members } = await createTeamWithMembers(server.app);
    const response = await join(members[0].call, game.id, { teamId: team.id });
    expect(response.statusCode, response.body).toBe(200);
    const entry = await findPersonalEntry(server.app.db, members[0].user.id);
    const participation = await findParticipationOfUser(server.app.db, game.id, members[0].user.id);
    expect(participation?.teamId).toBe(entry!.id);
    expect(entry!.id).not.toBe(team.id);
  });

  it('applies the invite code, the division, the review and "already registered"', async () => {
    const game = await individual({
      inviteCode: 'solo',
      divisions: ['Open'],
      acceptWithoutReview: false,
      teamMemberCountLimit: 1,
    });
    const player = await createMember(server.app);
    const refused = async (body: Record<string, unknown>, title: string) => {
      const response = await join(player.call, game.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ title, status: 400 });
    };
    await refused({ division: 'Open' }, 'Invalid game invitation code');
    await refused({ inviteCode: 'solo', division: 'Closed' }, 'Invalid division');
    // Nothing was made by the refusals.
    expect(await findPersonalEntry(server.app.db, player.user.id)).toBeNull();
    expect(
      (await join(player.call, game.id, { inviteCode: 'solo', division: 'Open' })).statusCode,
    ).toBe(200);
    const participation = await findParticipationOfUser(server.app.db, game.id, player.user.id);
    expect(participation).toMatchObject({ status: 'Pending', division: 'Open' });
    await refused(
      { inviteCode: 'solo', division: 'Open' },
      'You have joined the game from other team',
    );
  });

  it('reuses the personal entry in every individual game', async () => {
    const [first, second] = [await individual(), await individual()];
    const player = await createMember(server.app);
    expect((await join(player.call, first.id)).statusCode).toBe(200);
    expect((await join(player.call, second.id)).statusCode).toBe(200);
    const entry = await findPersonalEntry(server.app.db, player.user.id);
    for (const game of [first, second]) {
      const participation = await findParticipationOfUser(server.app.db, game.id, player.user.id);
      expect(participation?.teamId).toBe(entry!.id);
    }
    const entries = await server.app.db
      .selectFrom('teams')
      .select('id')
      .where('personal_of', '=', player.user.id)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('makes one personal entry when a first join reaches two games at once', async () => {
    const games = await Promise.all([individual(), individual(), individual()]);
    const player = await createMember(server.app);
    const responses = await Promise.all(games.map((game) => join(player.call, game.id)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const entries = await server.app.db
      .selectFrom('teams')
      .select('id')
      .where('personal_of', '=', player.user.id)
      .execute();
    expect(entries).toHaveLength(1);
    for (const game of games) {
      const participation = await findParticipationOfUser(server.app.db, game.id, player.user.id);
      expect(participation?.teamId).toBe(entries[0].id);
    }
  });

  it('in a Teams game, wants a team and refuses a personal entry', async () => {
    const solo = await individual();
    const teams = await createGame(server.app);
    const player = await createMember(server.app);
    const noTeam = await join(player.call, teams.id);
    expect(noTeam.statusCode).toBe(400);
    expect(noTeam.json()).toEqual({ title: 'A team is required to join this game', status: 400 });

    expect((await join(player.call, solo.id)).statusCode).toBe(200);
    const entry = await findPersonalEntry(server.app.db, player.user.id);
    const personal = await join(player.call, teams.id, { teamId: entry!.id });
    expect(personal.statusCode).toBe(400);
    expect(personal.json()).toEqual({
      title: 'A personal entry plays individual games only',
      status: 400,
    });
    expect(await findParticipationOfUser(server.app.db, teams.id, player.user.id)).toBeNull();
  });

  it('lets a pending player leave as before', async () => {
    const game = await individual({ acceptWithoutReview: false });
    const player = await createMember(server.app);
    expect((await join(player.call, game.id)).statusCode).toBe(200);
    const left = await player.call({ method: 'DELETE', url: `/api/game/${game.id}` });
    expect(left.statusCode).toBe(200);
    expect(await findParticipationOfUser(server.app.db, game.id, player.user.id)).toBeNull();
    // The entry stays for the next individual game.
    expect(await findPersonalEntry(server.app.db, player.user.id)).not.toBeNull();
  });
});
