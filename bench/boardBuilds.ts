/**
 * `npm run bench -- builds`: how long the scoreboard worker takes to build the event bench's
 * 1,000-team board (bench/event/seed.ts) while solves keep coming: between two builds a few
 * accepted submissions are written straight into the database, as the flag checker would count
 * them, then the board is built again in the worker (server/src/services/scoreboard/builder.ts).
 * Prints the median and 90th percentile of a build, as the caller waits for it and as the worker
 * spent it, and the team rows written again per build. On SQLite, and on PostgreSQL when
 * DATABASE_URL is set (`BENCH_DATABASES` as for the event scenario).
 *
 * BENCH_BUILDS (60) builds measured after 5 unmeasured ones; BENCH_BURST (6) accepted solves
 * between builds, spread over challenges with a skew toward the first ones; 50 ms between builds.
 * BENCH_AWARDS (0) organisers' awards (issue 25) given to random teams before the builds.
 * BENCH_MECHANICS=1 seeds the event bench's game mechanics variant (bench/event/plan.ts: unlock
 * rules, attempt limits, flag match modes, priced hints unlocked by a third of the teams, awards).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DialectName } from '../server/src/db/database.js';
import { WorkerBoardBuilder } from '../server/src/services/scoreboard/builder.js';
import { openBenchDatabase } from './event/database.js';
import { seededRandom } from './event/random.js';
import { seedGame } from './event/seed.js';

const BUILDS = Number(process.env.BENCH_BUILDS ?? 60);
const BURST = Number(process.env.BENCH_BURST ?? 6);
const WARM_UP = 5;
const AWARDS = Number(process.env.BENCH_AWARDS ?? 0);
const MECHANICS = process.env.BENCH_MECHANICS === '1';
/** BENCH_MECHANICS_EXTRAS=0: the variant's rules without its hint unlocks and awards. */
const MECHANICS_EXTRAS = process.env.BENCH_MECHANICS_EXTRAS !== '0';
// Smaller sizes for a quick check of the script (the figures are for the defaults).
const TEAMS = Number(process.env.BENCH_TEAMS ?? 1000);
const CHALLENGES = Number(process.env.BENCH_CHALLENGES ?? 100);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

async function measure(kind: DialectName): Promise<void> {
  const bench = await openBenchDatabase(kind);
  const builder = new WorkerBoardBuilder(bench.database.source);
  try {
    const { db } = bench.database;
    const game = await seedGame(db, {
      tag: 'a',
      teams: TEAMS,
      challenges: CHALLENGES,
      submissions: SUBMISSIONS,
      correctShare: 0.3,
      zipfExponent: 1,
      randomSeed: 12,
      mechanics: MECHANICS,
      mechanicsExtras: MECHANICS_EXTRAS,
    });
    const user = await db.selectFrom('users').select(['id', 'user_name']).executeTakeFirstOrThrow();
    const random = seededRandom(7);
    for (let award = 0; award < AWARDS; award++) {
      const team = game.teams[Math.floor(random() * game.teams.length)];
      const now = Date.now();
      await db
        .insertInto('awards')
        .values({
          game_id: game.id,
          participation_id: team.participationId,
          value: award % 5 === 0 ? -25 : 50,
          reason: `Bench award ${award}`,
          time: now - 60_000 + award,
          given_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const waited: number[] = [];
    const inWorker: number[] = [];
    let written = 0;
    for (let build = 0; build < WARM_UP + BUILDS; build++) {
      for (let solve = 0; solve < BURST; solve++) {
        const team = game.teams[Math.floor(random() * game.teams.length)];
        const challenge = game.challenges[Math.floor(random() ** 2 * game.challenges.length)];
        await db
          .insertInto('submissions')
          .values({
            game_id: game.id,
            challenge_id: challenge.id,
            participation_id: team.participationId,
            user_id: user.id,
            user_name: user.user_name,
            answer: 'flag{bench}',
            status: 'Accepted',
            submit_time: Date.now(),
          })
          .execute();
        await db
          .updateTable('challenges')
          .set({ accepted_count: sql`accepted_count + 1` })
          .where('id', '=', challenge.id)
          .execute();
      }
      const began = performance.now();
      const board = await builder.build(game.id, Date.now() + build);
      if (!board) throw new Error('The game has no board');
      if (build >= WARM_UP) {
        waited.push(performance.now() - began);
        inWorker.push(board.read?.workerMs ?? Number.NaN);
        written += board.read?.rowsWritten ?? 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    waited.sort((a, b) => a - b);
    inWorker.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${kind}: ${BUILDS} builds, ${BURST} solves between builds — ` +
        `waited median ${ms(quantile(waited, 0.5))}, p90 ${ms(quantile(waited, 0.9))}; ` +
        `in the worker median ${ms(quantile(inWorker, 0.5))}, p90 ${ms(quantile(inWorker, 0.9))}; ` +
        `team rows written per build ${Math.round(written / BUILDS)} of ${game.teams.length}` +
        (AWARDS > 0 ? `; ${AWARDS} awards` : '') +
        (MECHANICS
          ? `; game mechanics variant${MECHANICS_EXTRAS ? '' : ' without hint unlocks and awards'}`
          : ''),
    );
  } finally {
    await builder.close();
    await bench.close();
  }
}

const wanted = process.env.BENCH_DATABASES;
if (wanted !== 'postgres') await measure('sqlite');
if (wanted !== 'sqlite') {
  if (process.env.DATABASE_URL) await measure('postgres');
  else console.log('postgres: skipped (set DATABASE_URL)');
}
