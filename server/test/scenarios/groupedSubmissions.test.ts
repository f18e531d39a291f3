// Submissions arriving together have their gates read by one statement and are stored by one
// insert (services/submissionBatches.ts): each request still passes or fails its own gate and
// gets the id of its own row, every row is checked exactly once, and one row the database
// refuses fails its own request only.
import { expect, it } from 'vitest';
import { testConfig } from '../support/app.js';
import { createChallenge, createGame, createMember } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { playingTeam, submitFlag, type PlayingTeam } from '../routes/game/support.js';
import { readSubmissions, waitUntil } from './support.js';

const TEAMS = 25;
const RIGHT = 'flag{grouped_together}';

describeEachDatabase('grouped submissions', (getDb) => {
  const server = useTestApp(getDb, { config: () => testConfig({ VEXIL_FLAG_CHECK_WORKERS: '4' }) });
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  it(`gives each of ${TEAMS * 4} submissions sent at once its own row, checked once`, async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [RIGHT] });
    const teams: PlayingTeam[] = [];
    for (let i = 0; i < TEAMS; i++) teams.push(await playingTeam(server.app, game));

    // Each team sends a wrong flag twice (rows that may be equal in every column) and the right
    // one twice, all at the same moment.
    const sent = teams.flatMap((team, i) =>
      [`flag{wrong_${i}}`, RIGHT, `flag{wrong_${i}}`, RIGHT].map((flag) => ({ team, flag })),
    );
    const ids = await Promise.all(
      sent.map(({ team, flag }) => submitFlag(team.call, game.id, challenge.id, flag)),
    );
    expect(new Set(ids).size).toBe(sent.length);

    const submissions = await waitUntil(async () => {
      const listed = await readSubmissions(monitor, game.id);
      return listed.length === sent.length && listed.every((s) => s.status !== 'FlagSubmitted')
        ? listed
        : undefined;
    }, 'every submission to be checked');
    expect(submissions).toHaveLength(sent.length);

    // The id each request got names the row of that request: its user, its answer, its result.
    const rows = await server.app.db
      .selectFrom('submissions')
      .select(['id', 'user_id', 'answer', 'status'])
      .where('game_id', '=', game.id)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.size).toBe(sent.length);
    sent.forEach(({ team, flag }, i) => {
      expect(byId.get(ids[i])).toMatchObject({
        user_id: team.members[0].user.id,
        answer: flag,
        status: flag === RIGHT ? 'Accepted' : 'WrongAnswer',
      });
    });

    // Counted exactly once: every submission checked, every team solving once.
    const response = await admin({
      method: 'GET',
      url: `/api/edit/games/${game.id}/challenges/${challenge.id}`,
    });
    expect(response.json()).toMatchObject({ acceptedCount: TEAMS });
    const counts = await server.app.db
      .selectFrom('challenges')
      .select(['submission_count', 'accepted_count'])
      .where('id', '=', challenge.id)
      .executeTakeFirstOrThrow();
    expect(Number(counts.submission_count)).toBe(sent.length);
    const solved = await server.app.db
      .selectFrom('game_instances')
      .select(['participation_id', 'solve_order'])
      .where('challenge_id', '=', challenge.id)
      .where('is_solved', '=', 1)
      .execute();
    expect(solved.map((s) => Number(s.solve_order)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: TEAMS }, (_, i) => i + 1),
    );
  });

  it('lets each request of one batch through its own gate', async () => {
    const game = await createGame(server.app);
    const open = await createChallenge(server.app, game.id, { flags: [RIGHT] });
    const disabled = await createChallenge(server.app, game.id, { isEnabled: false });
    const team = await playingTeam(server.app, game);
    const banned = await playingTeam(server.app, game, { status: 'Banned' });
    const stranger = await createMember(server.app);
    const post = (call: PlayingTeam['call'], gameId: number, challengeId: number) =>
      call({
        method: 'POST',
        url: `/api/game/${gameId}/challenges/${challengeId}`,
        payload: { flag: RIGHT },
      });
    // Sent together, so their gates are read in one statement.
    const responses = await Promise.all([
      post(team.call, game.id, open.id),
      post(stranger.call, game.id, open.id),
      post(banned.call, game.id, open.id),
      post(team.call, game.id, disabled.id),
      post(team.call, game.id + 1_000_000, open.id),
      post(team.call, game.id, open.id),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 400, 404, 404, 200]);
    expect(responses[1].json()).toMatchObject({ title: 'You have not participated in the game' });
    expect(responses[2].json()).toMatchObject({
      title: 'Your registration has been rejected or banned',
    });
  });

  it('fails only the request whose row the database refuses', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: [RIGHT] });
    const team = await playingTeam(server.app, game);
    const submission = (participationId: number, answer: string) => ({
      gameId: game.id,
      challengeId: challenge.id,
      participationId,
      userId: team.members[0].user.id,
      userName: team.members[0].user.userName,
      answer,
      now: Date.now(),
    });
    const writer = server.app.submissionBatches;
    // Written in one turn of the event loop: one insert, which the missing registration breaks.
    const results = await Promise.allSettled([
      writer.write(submission(team.registration.id, 'flag{first}')),
      writer.write(submission(team.registration.id + 1_000_000, 'flag{nobody}')),
      writer.write(submission(team.registration.id, 'flag{last}')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await server.app.db
      .selectFrom('submissions')
      .select(['id', 'answer'])
      .where('game_id', '=', game.id)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => s.answer)).toEqual(['flag{first}', 'flag{last}']);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual(
      stored.map((s) => s.id),
    );
  });
});
