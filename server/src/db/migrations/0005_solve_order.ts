// The order in which teams solved a challenge, as the flag checker counted them (1 = first): the
// one rule that decides bloods, for the notices at check time and for the scoreboard afterwards.
// Instances solved before this migration are numbered by their first accepted submission.
import { sql } from 'kysely';
import type { VexilMigration } from './columns.js';

interface SolvedRow {
  id: number;
  challenge_id: number;
  first_time: number | string;
  first_id: number;
}

export const solveOrder: VexilMigration = {
  async up(db) {
    await db.schema.alterTable('game_instances').addColumn('solve_order', 'integer').execute();
    const solved = (await db
      .selectFrom('game_instances as i')
      .innerJoin('submissions as s', (join) =>
        join
          .onRef('s.participation_id', '=', 'i.participation_id')
          .onRef('s.challenge_id', '=', 'i.challenge_id'),
      )
      .select([
        'i.id',
        'i.challenge_id',
        sql`min(s.submit_time)`.as('first_time'),
        sql`min(s.id)`.as('first_id'),
      ])
      .where('i.is_solved', '=', 1)
      .where('s.status', '=', 'Accepted')
      .groupBy(['i.id', 'i.challenge_id'])
      .execute()) as SolvedRow[];
    solved.sort(
      (a, b) => Number(a.first_time) - Number(b.first_time) || Number(a.first_id) - b.first_id,
    );
    const counts = new Map<number, number>();
    for (const row of solved) {
      const order = (counts.get(row.challenge_id) ?? 0) + 1;
      counts.set(row.challenge_id, order);
      await db
        .updateTable('game_instances')
        .set({ solve_order: order })
        .where('id', '=', row.id)
        .execute();
    }
  },
};
