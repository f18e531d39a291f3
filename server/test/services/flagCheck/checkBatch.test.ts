// Checking submissions in batches on each database: a burst checked in one transaction gets
// exactly the results, counters, solve orders, events and bloods that checking them one by one
// gives; two checkers racing over the same ids settle each submission once.
import { beforeAll, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { insertSubmission } from '#server/db/repositories/submissions.js';
import { checkBatch, type BatchOutcome } from '#server/services/flagCheck/checkBatch.js';
import { createChallenge, createGame, type BuiltChallenge } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { playingTeam, type PlayingTeam } from '../../routes/game/support.js';

describeEachDatabase('checking submissions in batches', (getDb) => {
  const server = useTestApp(getDb);
  beforeAll(async () => {
    // The test checks by hand; the app's own checker must not take the submissions first.
    await server.app.flagChecker.stop();
  });

  const store = (game: Game, challenge: BuiltChallenge, team: PlayingTeam, answer: string) =>
    insertSubmission(server.app.db, {
      gameId: game.id,
      challengeId: challenge.id,
      participationId: team.registration.id,
      userId: team.members[0].user.id,
      userName: team.members[0].user.userName,
      answer,
      now: Date.now(),
    });

  const counters = (challengeId: number) =>
    server.app.db
      .selectFrom('challenges')
      .select(['accepted_count', 'submission_count'])
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow();

  const solveOrders = async (challengeId: number) =>
    (
      await server.app.db
        .selectFrom('game_instances')
        .select('solve_order')
        .where('challenge_id', '=', challengeId)
        .where('is_solved', '=', 1)
        .orderBy('solve_order')
        .execute()
    ).map((row) => row.solve_order);

  /** Ten teams, two challenges; every team submits wrong, right, and right again. */
  async function burst() {
    const game = await createGame(server.app);
    const one = await createChallenge(server.app, game.id);
    const two = await createChallenge(server.app, game.id, { disableBloodBonus: true });
    const teams: PlayingTeam[] = [];
    for (let i = 0; i < 10; i++) teams.push(await playingTeam(server.app, game));
    const ids: number[] = [];
    for (const team of teams) {
      for (const challenge of [one, two]) {
        ids.push(await store(game, challenge, team, 'flag{nope}'));
        ids.push(await store(game, challenge, team, challenge.flags[0]));
        ids.push(await store(game, challenge, team, challenge.flags[0]));
      }
    }
    return { game, one, two, ids };
  }

  const expectCounted = async (
    { game, one, two, ids }: Awaited<ReturnType<typeof burst>>,
    outcomes: BatchOutcome[],
  ) => {
    const checked = outcomes.flatMap((o) => o.checked);
    // every submission settled exactly once, by exactly one of the checkers
    expect(checked.map((c) => c.submission.id).sort((a, b) => a - b)).toEqual(ids);
    expect(checked.filter((c) => c.result === 'Accepted')).toHaveLength(40);
    expect(checked.filter((c) => c.result === 'WrongAnswer')).toHaveLength(20);
    expect(checked.filter((c) => c.counted)).toHaveLength(20);
    expect(await counters(one.id)).toEqual({ accepted_count: 10, submission_count: 30 });
    expect(await counters(two.id)).toEqual({ accepted_count: 10, submission_count: 30 });
    expect(await solveOrders(one.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await solveOrders(two.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const notices = outcomes.flatMap((o) => o.notices);
    expect(notices.map((n) => n.type).sort()).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
    expect(notices.every((n) => n.values[1] === one.title)).toBe(true);
    const events = await server.app.db
      .selectFrom('game_events')
      .select(['id', 'type'])
      .where('game_id', '=', game.id)
      .execute();
    expect(events).toHaveLength(60);
    // each submission's events are its own, in its order
    expect(
      checked
        .flatMap((c) => c.events)
        .map((e) => e.id)
        .sort((a, b) => a - b),
    ).toEqual(events.map((e) => e.id).sort((a, b) => a - b));
    const unchecked = await server.app.db
      .selectFrom('submissions')
      .select('id')
      .where('game_id', '=', game.id)
      .where('status', '=', 'FlagSubmitted')
      .execute();
    expect(unchecked).toEqual([]);
  };

  it('checks a burst in one transaction, as one by one would', async () => {
    const data = await burst();
    const outcome = await checkBatch(server.app.db, data.ids);
    expect(outcome.checked).toHaveLength(60);
    await expectCounted(data, [outcome]);
    // Checked again (queued twice, or taken over): nothing left to do, nothing counted twice.
    expect((await checkBatch(server.app.db, data.ids)).checked).toEqual([]);
    await expectCounted(data, [outcome]);
  });

  it('settles each submission once when checkers race over the same ids', async () => {
    const data = await burst();
    const shuffled = [...data.ids].reverse();
    const outcomes = await Promise.all([
      checkBatch(server.app.db, data.ids.slice(0, 40)),
      checkBatch(server.app.db, shuffled.slice(0, 40)),
      checkBatch(server.app.db, data.ids),
    ]);
    await expectCounted(data, outcomes);
  });
});
