// The worker's solves between builds, on each database: after every change it reads only what
// was accepted since, and answers exactly what a full read answers, including submissions checked
// out of order and (after the next full read) inserts committed behind the re-read margin.
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listSolvesBefore } from '#server/db/repositories/scoreboardData.js';
import type { DB } from '#server/db/schema.js';
import { FULL_READ_MS, GameSolves, REREAD_IDS } from '#server/services/scoreboard/solveCache.js';
import { describeEachDatabase } from '../../support/databases.js';
import {
  MINUTE,
  seedChallenge,
  seedGame,
  seedTeam,
  solve,
} from '../../routes/game/scoreboardFixtures.js';

describeEachDatabase('solves kept between builds', (getDb) => {
  let db: Kysely<DB>;
  beforeAll(() => {
    db = getDb().db;
  });

  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

  it('reads what changed and answers what a full read answers', async () => {
    const game = await seedGame(db);
    const one = await seedChallenge(db, game.id);
    const two = await seedChallenge(db, game.id);
    const teams = [];
    for (let i = 0; i < 4; i++) teams.push(await seedTeam(db, game.id));
    await solve(db, { gameId: game.id, challengeId: one.id, team: teams[0], time: game.start + 1 });

    let now = 1_000_000;
    const cache = new GameSolves(() => now);
    const same = async () =>
      expect(byId(await cache.read(db, game.id, game.end))).toEqual(
        byId(await listSolvesBefore(db, game.id, game.end)),
      );
    await same();

    // waiting, then accepted after a later submission was: still found
    const waiting = await solve(db, {
      gameId: game.id,
      challengeId: two.id,
      team: teams[1],
      time: game.start + 2 * MINUTE,
      status: 'FlagSubmitted',
    });
    await solve(db, { gameId: game.id, challengeId: one.id, team: teams[2], time: game.start + 3 });
    now += 1_000;
    await same();
    await db
      .updateTable('submissions')
      .set({ status: 'Accepted' })
      .where('id', '=', waiting)
      .execute();
    now += 1_000;
    await same();
    // wrong answers and solves after the end are not solves
    await solve(db, {
      gameId: game.id,
      challengeId: two.id,
      team: teams[3],
      time: game.start + 4,
      status: 'WrongAnswer',
    });
    await solve(db, { gameId: game.id, challengeId: two.id, team: teams[3], time: game.end + 1 });
    now += 1_000;
    await same();
  });

  it('picks up a row committed behind the margin at the next full read', async () => {
    const game = await seedGame(db);
    const challenge = await seedChallenge(db, game.id);
    const team = await seedTeam(db, game.id);
    const late = await seedTeam(db, game.id);
    await solve(db, { gameId: game.id, challengeId: challenge.id, team, time: game.start + 9 });
    let now = 5_000_000;
    const cache = new GameSolves(() => now);
    await cache.read(db, game.id, game.end);
    // An id far behind where the next read starts (more than REREAD_IDS), accepted only now:
    // an insert that committed very late.
    const lateId = -1_000 - REREAD_IDS;
    await db
      .insertInto('submissions')
      .values({
        id: lateId,
        game_id: game.id,
        challenge_id: challenge.id,
        participation_id: late.participationId,
        user_id: late.users[0].id,
        user_name: late.users[0].userName,
        answer: 'flag{late}',
        status: 'Accepted',
        submit_time: game.start + 5,
      })
      .execute();
    now += 1_000;
    const between = await cache.read(db, game.id, game.end);
    expect(between.map((s) => s.id)).not.toContain(lateId);
    now += FULL_READ_MS;
    const after = await cache.read(db, game.id, game.end);
    expect(after.map((s) => s.id)).toContain(lateId);
    expect(byId(after)).toEqual(byId(await listSolvesBefore(db, game.id, game.end)));
  });
});
