// Migration 0005 numbers the instances solved before it by their first accepted submission, per
// challenge, so bloods of a game running across the upgrade keep their order.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertSubmission } from '#server/db/repositories/submissions.js';
import { migrations } from '#server/db/migrations/index.js';
import { MIGRATION_TABLE, migrateToLatest } from '#server/db/migrations/migrate.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { playingTeam } from '../routes/game/support.js';

describeEachDatabase('migration 0005_solve_order', (getDb) => {
  const server = useTestApp(getDb);

  it('numbers earlier solves by their first accepted submission', async () => {
    const game = await createGame(server.app);
    const one = await createChallenge(server.app, game.id);
    const two = await createChallenge(server.app, game.id);
    const [a, b, c] = [
      await playingTeam(server.app, game),
      await playingTeam(server.app, game),
      await playingTeam(server.app, game),
    ];
    const t = game.start + 1000;
    const solved = async (
      team: typeof a,
      challengeId: number,
      times: [number, string][],
    ): Promise<void> => {
      for (const [time, status] of times) {
        const id = await insertSubmission(server.app.db, {
          gameId: game.id,
          challengeId,
          participationId: team.registration.id,
          userId: team.members[0].user.id,
          userName: team.members[0].user.userName,
          answer: 'flag{x}',
          now: t + time,
        });
        await server.app.db
          .updateTable('submissions')
          .set({ status })
          .where('id', '=', id)
          .execute();
      }
      if (times.some(([, status]) => status === 'Accepted')) {
        await server.app.db
          .updateTable('game_instances')
          .set({ is_solved: 1 })
          .where('participation_id', '=', team.registration.id)
          .where('challenge_id', '=', challengeId)
          .execute();
      }
    };
    await solved(b, one.id, [
      [1, 'WrongAnswer'],
      [5, 'Accepted'],
      [9, 'Accepted'],
    ]);
    await solved(a, one.id, [[7, 'Accepted']]);
    await solved(c, one.id, [[3, 'WrongAnswer']]);
    await solved(c, two.id, [[2, 'Accepted']]);

    // Back to the schema before 0005 (later migrations undone first), then migrate again.
    const later = Object.keys(migrations)
      .filter((name) => name > '0005_solve_order')
      .reverse();
    for (const name of later) {
      const down = migrations[name].down;
      if (!down) throw new Error(`${name} has no down(): this test cannot step back past it`);
      await down(server.app.db as never, getDb().dialect);
    }
    await server.app.db.schema.alterTable('game_instances').dropColumn('solve_order').execute();
    await sql`delete from ${sql.table(MIGRATION_TABLE)} where name >= '0005_solve_order'`.execute(
      server.app.db,
    );
    await migrateToLatest(server.app.db, getDb().dialect);

    const orders = await server.app.db
      .selectFrom('game_instances')
      .select(['participation_id', 'challenge_id', 'solve_order'])
      .where('challenge_id', 'in', [one.id, two.id])
      .orderBy('challenge_id')
      .orderBy('participation_id')
      .execute();
    expect(orders).toEqual([
      { participation_id: a.registration.id, challenge_id: one.id, solve_order: 2 },
      { participation_id: b.registration.id, challenge_id: one.id, solve_order: 1 },
      { participation_id: c.registration.id, challenge_id: one.id, solve_order: null },
      { participation_id: a.registration.id, challenge_id: two.id, solve_order: null },
      { participation_id: b.registration.id, challenge_id: two.id, solve_order: null },
      { participation_id: c.registration.id, challenge_id: two.id, solve_order: 1 },
    ]);
  });
});
