import { expect, it } from 'vitest';
import type { GameSettings } from '#server/db/repositories/games.js';
import { findParticipationOfTeam } from '#server/db/repositories/participations.js';
import { findTeamById } from '#server/db/repositories/teams.js';
import { verify } from '#server/domain/teamToken.js';
import { caller, type Caller } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
  type TeamWithMembers,
} from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR } from './support.js';

describeEachDatabase('joining and leaving games', (getDb) => {
  const server = useTestApp(getDb);

  const join = (call: Caller, gameId: number, body: Record<string, unknown>) =>
    call({ method: 'POST', url: `/api/game/${gameId}`, payload: body }).then((response) => {
      return response;
    });
  const leave = (call: Caller, gameId: number) =>
    call({ method: 'DELETE', url: `/api/game/${gameId}` }).then((response) => {
      return response;
    });
  const setup = async (settings: Partial<GameSettings> = {}, size = 1) => ({
    game: await createGame(server.app, settings),
    team: await createTeamWithMembers(server.app, { size }),
  });
  const participationOf = async (gameId: number, { team }: TeamWithMembers) =>
    findParticipationOfTeam(server.app.db, gameId, team.id);

  it('accepts without review: team locked, instances created, token stored', async () => {
    const { game, team } = await setup();
    const challenge = await createChallenge(server.app, game.id);
    const response = await join(team.members[0].call, game.id, { teamId: team.team.id });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const participation = await participationOf(game.id, team);
    expect(participation).toMatchObject({ status: 'Accepted', division: null });
    expect(verify(game.publicKey, participation!.token)).toBe(true);
    expect((await findTeamById(server.app.db, team.team.id))?.locked).toBe(true);
    const instances = await server.app.db
      .selectFrom('game_instances')
      .select('challenge_id')
      .where('participation_id', '=', participation!.id)
      .execute();
    expect(instances.map((i) => i.challenge_id)).toEqual([challenge.id]);
  });

  it('keeps a registration pending when the game reviews registrations', async () => {
    const { game, team } = await setup({ acceptWithoutReview: false });
    expect((await join(team.members[0].call, game.id, { teamId: team.team.id })).statusCode).toBe(
      200,
    );
    expect(await participationOf(game.id, team)).toMatchObject({ status: 'Pending' });
    expect((await findTeamById(server.app.db, team.team.id))?.locked).toBe(false);
  });

  it('refuses an ended game outside practice mode', async () => {
    const now = Date.now();
    const ended = { start: now - 2 * HOUR, end: now - HOUR };
    const { game, team } = await setup(ended);
    const response = await join(team.members[0].call, game.id, { teamId: team.team.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: 'The game has ended', status: 10002 });

    const practice = await setup({ ...ended, practiceMode: true });
    const ok = await join(practice.team.members[0].call, practice.game.id, {
      teamId: practice.team.team.id,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('checks invite code, division, team and membership in order', async () => {
    const { game, team } = await setup({
      inviteCode: 'open-sesame',
      divisions: ['Pro', 'Student'],
    });
    const call = team.members[0].call;
    const teamId = team.team.id;
    const fail = async (body: Record<string, unknown>, status: number, title: string) => {
      const response = await join(call, game.id, body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ title, status });
    };
    await fail({ teamId, division: 'Pro' }, 400, 'Invalid game invitation code');
    await fail(
      { teamId, inviteCode: 'OPEN-SESAME', division: 'Pro' },
      400,
      'Invalid game invitation code',
    );
    await fail({ teamId, inviteCode: 'open-sesame' }, 400, 'Invalid division');
    await fail({ teamId, inviteCode: 'open-sesame', division: 'Other' }, 400, 'Invalid division');
    await fail(
      { teamId: 999999, inviteCode: 'open-sesame', division: 'Pro' },
      404,
      'Team not found',
    );
    const other = await createTeamWithMembers(server.app);
    await fail(
      { teamId: other.team.id, inviteCode: 'open-sesame', division: 'Pro' },
      400,
      'You are not a member of the team',
    );
    expect(
      (await join(call, game.id, { teamId, inviteCode: 'open-sesame', division: 'Pro' }))
        .statusCode,
    ).toBe(200);
    expect(await participationOf(game.id, team)).toMatchObject({ division: 'Pro' });

    const plain = await setup();
    const empty = await join(plain.team.members[0].call, plain.game.id, {
      teamId: plain.team.team.id,
      division: '',
    });
    expect(empty.statusCode).toBe(400);
    expect((await join(call, 999999, { teamId })).statusCode).toBe(404);
  });

  it('registers a user once per game, within the member limit', async () => {
    const { game, team } = await setup({ teamMemberCountLimit: 2 }, 3);
    const [a, b, c] = team.members;
    const teamId = team.team.id;
    expect((await join(a.call, game.id, { teamId })).statusCode).toBe(200);
    const again = await join(a.call, game.id, { teamId });
    expect(again.statusCode).toBe(400);
    expect(again.json().title).toBe('You have joined the game from other team');
    const otherTeam = await createTeamWithMembers(server.app);
    await server.app.db
      .insertInto('team_members')
      .values({ team_id: otherTeam.team.id, user_id: a.user.id, joined_at: Date.now() })
      .execute();
    expect((await join(a.call, game.id, { teamId: otherTeam.team.id })).statusCode).toBe(400);

    expect((await join(b.call, game.id, { teamId })).statusCode).toBe(200);
    const third = await join(c.call, game.id, { teamId });
    expect(third.statusCode).toBe(400);
    expect(third.json().title).toContain('2');
    const members = await server.app.db
      .selectFrom('participation_members')
      .select('user_id')
      .where('game_id', '=', game.id)
      .execute();
    expect(members).toHaveLength(2);
  });

  it('lets a rejected team join again, and keeps an accepted team in its division', async () => {
    const { game, team } = await setup({ divisions: ['Pro', 'Student'] }, 2);
    await joinAndAccept(
      server.app,
      game,
      { ...team, members: [team.members[0]] },
      {
        status: 'Rejected',
        division: 'Pro',
      },
    );
    const rejoin = await join(team.members[0].call, game.id, {
      teamId: team.team.id,
      division: 'Student',
    });
    expect(rejoin.statusCode).toBe(200);
    expect(await participationOf(game.id, team)).toMatchObject({
      status: 'Accepted',
      division: 'Student',
    });
    // Vexil differs: a late joiner does not move an accepted registration to another division.
    const late = await join(team.members[1].call, game.id, {
      teamId: team.team.id,
      division: 'Pro',
    });
    expect(late.statusCode).toBe(200);
    expect(await participationOf(game.id, team)).toMatchObject({ division: 'Student' });
  });

  it('leaves only before approval; the last member leaving deletes the registration', async () => {
    const { game, team } = await setup({ acceptWithoutReview: false }, 2);
    const [a, b] = team.members;
    expect((await join(a.call, game.id, { teamId: team.team.id })).statusCode).toBe(200);
    expect((await join(b.call, game.id, { teamId: team.team.id })).statusCode).toBe(200);
    expect((await leave(a.call, game.id)).statusCode).toBe(200);
    expect(await participationOf(game.id, team)).not.toBeNull();
    const notJoined = await leave(a.call, game.id);
    expect(notJoined.statusCode).toBe(400);
    expect(notJoined.json().title).toBe('Can not exit the game you are not joining');
    expect((await leave(b.call, game.id)).statusCode).toBe(200);
    expect(await participationOf(game.id, team)).toBeNull();
    expect((await leave(a.call, 999999)).statusCode).toBe(404);

    for (const status of ['Accepted', 'Suspended']) {
      const other = await setup();
      await joinAndAccept(server.app, other.game, other.team, { status });
      const refused = await leave(other.team.members[0].call, other.game.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().title).toBe('Can not exit the game after entrance approval');
    }
    const rejected = await setup();
    await joinAndAccept(server.app, rejected.game, rejected.team, { status: 'Rejected' });
    expect((await leave(rejected.team.members[0].call, rejected.game.id)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const { game, team } = await setup();
    const response = await join(caller(server.app), game.id, { teamId: team.team.id });
    expect(response.statusCode).toBe(401);
  });
});
