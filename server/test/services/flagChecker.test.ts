import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.js';
import { expect, it } from 'vitest';
import { insertSubmission } from '#server/db/repositories/submissions.js';
import { defaultWorkerCount } from '#server/services/flagChecker.js';
import { createTestApp } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { playingTeam } from '../routes/game/support.js';

const GIB = 1024 ** 3;

it('sizes the worker pool to the machine', () => {
  expect(defaultWorkerCount(1 * GIB, 16)).toBe(1);
  expect(defaultWorkerCount(8 * GIB, 2)).toBe(1);
  expect(defaultWorkerCount(3 * GIB, 16)).toBe(2);
  expect(defaultWorkerCount(8 * GIB, 6)).toBe(2);
  expect(defaultWorkerCount(8 * GIB, 8)).toBe(4);
  // PostgreSQL: a second batch fills the first one's round trips.
  expect(defaultWorkerCount(1 * GIB, 2, 'postgres')).toBe(2);
  expect(defaultWorkerCount(8 * GIB, 8, 'postgres')).toBe(4);
  expect(defaultWorkerCount(8 * GIB, 2, 'sqlite')).toBe(1);
});

describeEachDatabase('the flag checker queue', (getDb) => {
  const server = useTestApp(getDb);

  const statusOf = async (id: number) =>
    (
      await server.app.db
        .selectFrom('submissions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('checks the submissions left unchecked when it starts', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const user = team.members[0].user;
    const stored = (answer: string) =>
      insertSubmission(server.app.db, {
        gameId: game.id,
        challengeId: challenge.id,
        participationId: team.registration.id,
        userId: user.id,
        userName: user.userName,
        answer,
        now: Date.now(),
      });
    // Stored while no checker runs (as if the server stopped before checking them).
    await server.app.flagChecker.stop();
    const right = await stored(challenge.flags[0]);
    const wrong = await stored('flag{wrong}');
    server.app.flagChecker.enqueue(right); // ignored while stopped
    expect(await statusOf(right)).toBe('FlagSubmitted');

    const restarted = await createTestApp(getDb());
    try {
      await restarted.flagChecker.idle();
      expect(await statusOf(right)).toBe('Accepted');
      expect(await statusOf(wrong)).toBe('WrongAnswer');
    } finally {
      await restarted.close();
    }
    await server.app.flagChecker.start();
  });

  it('checks each submission once even when queued twice', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const user = team.members[0].user;
    const id = await insertSubmission(server.app.db, {
      gameId: game.id,
      challengeId: challenge.id,
      participationId: team.registration.id,
      userId: user.id,
      userName: user.userName,
      answer: challenge.flags[0],
      now: Date.now(),
    });
    server.app.flagChecker.enqueue(id);
    server.app.flagChecker.enqueue(id);
    await server.app.flagChecker.idle();
    expect(await statusOf(id)).toBe('Accepted');
    const row = await server.app.db
      .selectFrom('challenges')
      .select(['accepted_count', 'submission_count'])
      .where('id', '=', challenge.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ accepted_count: 1, submission_count: 1 });
    const events = await server.app.db
      .selectFrom('game_events')
      .select('id')
      .where('game_id', '=', game.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('keeps a batch whose check fails and checks it once the database works again', async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id);
    const team = await playingTeam(server.app, game);
    const user = team.members[0].user;
    const failing = getDb().dialect === 'sqlite' ? sqliteFailure : postgresFailure;
    await failing.create(server.app.db);
    let restored = false;
    try {
      const id = await insertSubmission(server.app.db, {
        gameId: game.id,
        challengeId: challenge.id,
        participationId: team.registration.id,
        userId: user.id,
        userName: user.userName,
        answer: challenge.flags[0],
        now: Date.now(),
      });
      server.app.flagChecker.enqueue(id);
      // It fails, and is never dropped: still waiting, queued for a retry.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await statusOf(id)).toBe('FlagSubmitted');
      expect(server.app.flagChecker.pending).toBe(1);
      await failing.drop(server.app.db);
      restored = true;
      await server.app.flagChecker.idle();
      expect(await statusOf(id)).toBe('Accepted');
      const row = await server.app.db
        .selectFrom('challenges')
        .select(['accepted_count', 'submission_count'])
        .where('id', '=', challenge.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ accepted_count: 1, submission_count: 1 });
    } finally {
      if (!restored) await failing.drop(server.app.db);
    }
  });
});

/** Every update of a submission fails, as on a full disk or a read-only database. */
const sqliteFailure = {
  create: (db: Kysely<DB>) =>
    sql`CREATE TRIGGER vexil_test_outage BEFORE UPDATE ON submissions
        BEGIN SELECT RAISE(ABORT, 'simulated outage'); END`.execute(db),
  drop: (db: Kysely<DB>) => sql`DROP TRIGGER vexil_test_outage`.execute(db),
};

const postgresFailure = {
  async create(db: Kysely<DB>) {
    await sql`CREATE FUNCTION vexil_test_outage() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'simulated outage'; END $$`.execute(db);
    await sql`CREATE TRIGGER vexil_test_outage BEFORE UPDATE ON submissions
        FOR EACH ROW EXECUTE FUNCTION vexil_test_outage()`.execute(db);
  },
  async drop(db: Kysely<DB>) {
    await sql`DROP TRIGGER vexil_test_outage ON submissions`.execute(db);
    await sql`DROP FUNCTION vexil_test_outage()`.execute(db);
  },
};
