import { expect, it, vi } from 'vitest';
import { findChallenge } from '#server/db/repositories/challenges.js';
import { updateGame } from '#server/db/repositories/games.js';
import { findParticipationOfTeam } from '#server/db/repositories/participations.js';
import { gameSalt, teamHash } from '#server/domain/flagTemplate.js';
import { groups, type HubMessage } from '#server/services/realtime.js';
import { type Caller } from '../../support/app.js';
import { createChallenge, createGame, createTeamWithMembers } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam, submitAndWait, submitFlag, waitForResult } from './support.js';

describeEachDatabase('playing a game from join to bloods', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  const view = (call: Caller, gameId: number, challengeId: number) =>
    call({ method: 'GET', url: `/api/game/${gameId}/challenges/${challengeId}` }).then((r) => {
      return r;
    });
  const instanceFlag = async (participationId: number, challengeId: number) =>
    (
      await server.app.db
        .selectFrom('game_instances')
        .select('flag')
        .where('participation_id', '=', participationId)
        .where('challenge_id', '=', challengeId)
        .executeTakeFirstOrThrow()
    ).flag;

  it('runs two teams through dynamic flags, cheating and bloods', async () => {
    const game = await createGame(server.app);
    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      flagTemplate: 'flag{hello_[TEAM_HASH]}',
    });
    const stat = await createChallenge(server.app, game.id, { flags: ['flag{static_one}'] });
    const monitorMessages: HubMessage[] = [];
    const playerMessages: HubMessage[] = [];
    const unsubscribe = [
      server.app.realtime.subscribe(groups.monitors(game.id), (m) => monitorMessages.push(m)),
      server.app.realtime.subscribe(groups.players(game.id), (m) => playerMessages.push(m)),
    ];

    // Team A joins a game that accepts without review; team B is reviewed by an admin.
    const a = await createTeamWithMembers(server.app);
    const joinA = await a.members[0].call({
      method: 'POST',
      url: `/api/game/${game.id}`,
      payload: { teamId: a.team.id },
    });
    expect(joinA.statusCode).toBe(200);
    await updateGame(server.app.db, game.id, { acceptWithoutReview: false });
    const b = await createTeamWithMembers(server.app);
    const joinB = await b.members[0].call({
      method: 'POST',
      url: `/api/game/${game.id}`,
      payload: { teamId: b.team.id },
    });
    expect(joinB.statusCode).toBe(200);
    const pending = await view(b.members[0].call, game.id, dynamic.id);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().title).toBe('Your registration has been rejected or banned');
    const partB = (await findParticipationOfTeam(server.app.db, game.id, b.team.id))!;
    const review = await admin({
      method: 'PUT',
      url: `/api/admin/participation/${partB.id}`,
      payload: { status: 'Accepted' },
    });
    expect(review.statusCode).toBe(200);
    const partA = (await findParticipationOfTeam(server.app.db, game.id, a.team.id))!;

    // Each team's dynamic flag is generated on its first view, from the template and its hash.
    const shownA = await view(a.members[0].call, game.id, dynamic.id);
    expect(shownA.statusCode).toBe(200);
    expect(shownA.json()).toMatchObject({
      id: dynamic.id,
      type: 'DynamicContainer',
      score: 1000,
      context: { closeTime: null, instanceEntry: null, url: null, fileSize: null },
    });
    expect((await view(b.members[0].call, game.id, dynamic.id)).statusCode).toBe(200);
    const flagA = await instanceFlag(partA.id, dynamic.id);
    const flagB = await instanceFlag(partB.id, dynamic.id);
    const salt = gameSalt(game.privateKey);
    expect(flagA).toBe(`flag{hello_${teamHash(salt, dynamic.id, partA.token)}}`);
    expect(flagB).toBe(`flag{hello_${teamHash(salt, dynamic.id, partB.token)}}`);
    expect(flagA).not.toBe(flagB);
    // A second view keeps the flag.
    await view(a.members[0].call, game.id, dynamic.id);
    expect(await instanceFlag(partA.id, dynamic.id)).toBe(flagA);

    const callA = a.members[0].call;
    const callB = b.members[0].call;
    expect(await submitAndWait(callA, game.id, dynamic.id, `  ${flagA!}\n`)).toBe('Accepted');
    expect(await submitAndWait(callB, game.id, dynamic.id, 'flag{nope}')).toBe('WrongAnswer');
    // Team B submits team A's flag: told WrongAnswer, monitors see CheatDetected.
    expect(await submitAndWait(callB, game.id, dynamic.id, flagA!)).toBe('WrongAnswer');
    expect(await submitAndWait(callB, game.id, dynamic.id, flagB!)).toBe('Accepted');
    // Submitting again after solving is accepted without counting twice.
    expect(await submitAndWait(callA, game.id, dynamic.id, flagA!)).toBe('Accepted');
    expect((await findChallenge(server.app.db, game.id, dynamic.id))?.acceptedCount).toBe(2);

    const submissions = await monitor({ method: 'GET', url: `/api/game/${game.id}/submissions` });
    expect(submissions.json().map((s: { status: string }) => s.status)).toEqual([
      'Accepted',
      'Accepted',
      'CheatDetected',
      'WrongAnswer',
      'Accepted',
    ]);
    expect(submissions.json()[4]).toMatchObject({
      answer: flagA,
      user: a.members[0].user.userName,
      team: a.team.name,
      challenge: dynamic.title,
    });
    const cheats = await monitor({ method: 'GET', url: `/api/game/${game.id}/cheatinfo` });
    expect(cheats.json()).toEqual([
      {
        ownedTeam: {
          id: partA.id,
          team: { id: a.team.id, name: a.team.name, avatar: null },
          status: 'Accepted',
          division: null,
        },
        submitTeam: {
          id: partB.id,
          team: { id: b.team.id, name: b.team.name, avatar: null },
          status: 'Accepted',
          division: null,
        },
        submission: expect.objectContaining({ answer: flagA, status: 'CheatDetected' }),
      },
    ]);
    const events = await monitor({ method: 'GET', url: `/api/game/${game.id}/events` });
    const eventList = events.json() as Array<{ type: string; values: string[]; team: string }>;
    expect(eventList.map((e) => e.type)).toEqual([
      'FlagSubmit',
      'FlagSubmit',
      'CheatDetected',
      'FlagSubmit',
      'FlagSubmit',
      'FlagSubmit',
    ]);
    expect(eventList[2]).toMatchObject({
      values: [dynamic.title, b.team.name, a.team.name],
      team: b.team.name,
    });
    expect(eventList[3].values).toEqual(['WrongAnswer', flagA, dynamic.title, String(dynamic.id)]);
    expect(
      monitorMessages
        .filter((m) => m.target === 'ReceivedSubmissions')
        .map((m) => (m.payload as { status: string }).status),
    ).toEqual(['Accepted', 'WrongAnswer', 'CheatDetected', 'Accepted', 'Accepted']);
    expect(monitorMessages.filter((m) => m.target === 'ReceivedGameEvent')).toHaveLength(6);

    // Bloods on the static challenge, in solve order; a fourth solver gets none.
    const c = await playingTeam(server.app, game);
    const d = await playingTeam(server.app, game);
    for (const call of [callB, callA, c.call, d.call]) {
      expect(await submitAndWait(call, game.id, stat.id, 'flag{static_one}')).toBe('Accepted');
    }
    const notices = await callA({ method: 'GET', url: `/api/game/${game.id}/notices` });
    const bloods = (notices.json() as Array<{ type: string; values: string[] }>).filter(
      (n) => n.values[1] === stat.title,
    );
    expect(bloods.map((n) => [n.type, n.values[0]])).toEqual([
      ['ThirdBlood', c.team.name],
      ['SecondBlood', a.team.name],
      ['FirstBlood', b.team.name],
    ]);
    // The dynamic challenge had two solvers: two bloods.
    expect(
      (notices.json() as Array<{ type: string; values: string[] }>)
        .filter((n) => n.values[1] === dynamic.title)
        .map((n) => n.type),
    ).toEqual(['SecondBlood', 'FirstBlood']);
    // Blood notices are pushed once the board that shows them is built.
    await vi.waitFor(
      () => expect(playerMessages.filter((m) => m.target === 'ReceivedGameNotice')).toHaveLength(5),
      { timeout: 10_000 },
    );
    expect((await findChallenge(server.app.db, game.id, stat.id))?.acceptedCount).toBe(4);
    unsubscribe.forEach((off) => off());
  });

  it('gives no bloods on a challenge without blood bonus', async () => {
    const game = await createGame(server.app);
    const quiet = await createChallenge(server.app, game.id, { disableBloodBonus: true });
    const team = await playingTeam(server.app, game);
    expect(await submitAndWait(team.call, game.id, quiet.id, quiet.flags[0])).toBe('Accepted');
    const notices = await team.call({ method: 'GET', url: `/api/game/${game.id}/notices` });
    expect(notices.json()).toEqual([]);
    expect((await findChallenge(server.app.db, game.id, quiet.id))?.acceptedCount).toBe(1);
  });

  it('accepts practice solves after the end without counting them', async () => {
    const now = Date.now();
    const game = await createGame(server.app, {
      start: now - 7_200_000,
      end: now - 1_000,
      practiceMode: true,
    });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    expect((await view(team.call, game.id, challenge.id)).statusCode).toBe(200);
    expect(await submitAndWait(team.call, game.id, challenge.id, challenge.flags[0])).toBe(
      'Accepted',
    );
    expect((await findChallenge(server.app.db, game.id, challenge.id))?.acceptedCount).toBe(0);
    const solved = await server.app.db
      .selectFrom('game_instances')
      .select('is_solved')
      .where('participation_id', '=', team.registration.id)
      .executeTakeFirstOrThrow();
    expect(solved.is_solved).toBe(0);
    const notices = await team.call({ method: 'GET', url: `/api/game/${game.id}/notices` });
    expect(notices.json()).toEqual([]);
  });

  it('refuses submissions after the end outside practice mode', async () => {
    const now = Date.now();
    const game = await createGame(server.app, { start: now - 7_200_000, end: now - 1_000 });
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const response = await team.call({
      method: 'POST',
      url: `/api/game/${game.id}/challenges/${challenge.id}`,
      payload: { flag: challenge.flags[0] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: 'The game has ended', status: 10002 });
    const stored = await server.app.db
      .selectFrom('submissions')
      .select('id')
      .where('game_id', '=', game.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('stores NotFound for a team without an instance', async () => {
    const game = await createGame(server.app);
    const team = await playingTeam(server.app, game);
    // Created after the team was accepted, without giving it instances.
    const late = await createChallenge(server.app, game.id, { isEnabled: false });
    await server.app.db
      .updateTable('challenges')
      .set({ is_enabled: 1 })
      .where('id', '=', late.id)
      .execute();
    const id = await submitFlag(team.call, game.id, late.id, late.flags[0]);
    expect(await waitForResult(team.call, game.id, late.id, id)).toBe('NotFound');
    const events = await monitor({ method: 'GET', url: `/api/game/${game.id}/events` });
    expect(events.json()).toEqual([]);
  });

  it('shows a submission only to its submitter', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game, { size: 2 });
    const id = await submitFlag(team.call, game.id, challenge.id, 'flag{wrong}');
    const other = await team.members[1].call({
      method: 'GET',
      url: `/api/game/${game.id}/challenges/${challenge.id}/status/${id}`,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ title: 'The submission was not found', status: 404 });
    expect(await waitForResult(team.call, game.id, challenge.id, id)).toBe('WrongAnswer');
  });
});
