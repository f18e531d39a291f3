// The flag checker with several instances on one database (issue 16): submissions arriving
// through two apps on one PostgreSQL database and Redis are each checked once, by one of them, even
// when both have them queued; the claims of an instance that died are taken over once they lapse;
// a stopping instance hands its unchecked submissions over at once. The claims themselves are
// also tested on SQLite, where one instance is the rule.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { insertSubmission } from '#server/db/repositories/submissions.js';
import { ClaimKeeper } from '#server/services/flagCheck/claims.js';
import { caller, createTestApp, testConfig, type Caller } from '../support/app.js';
import { createChallenge, createGame, type BuiltChallenge } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';
import { playingTeam, submitFlag } from '../routes/game/support.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function statuses(app: FastifyInstance, ids: number[]) {
  const rows = await app.db
    .selectFrom('submissions')
    .select(['id', 'status', 'claimed_by', 'claim_expires_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows;
}

describeEachDatabase('submission claims', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(getDb());
    // The app's own checker stands aside: the keepers of this suite are the instances.
    await app.flagChecker.stop();
  });
  afterAll(() => app.close());

  async function unchecked(count: number, claim?: { by: string; until: number }) {
    const game = await createGame(app);
    const challenge = await createChallenge(app, game.id);
    const team = await playingTeam(app, game);
    const user = team.members[0].user;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(
        await insertSubmission(app.db, {
          gameId: game.id,
          challengeId: challenge.id,
          participationId: team.registration.id,
          userId: user.id,
          userName: user.userName,
          answer: `flag{wrong ${i}}`,
          now: Date.now(),
          claim,
        }),
      );
    }
    return ids;
  }

  it('leaves a live claim alone and takes one over once it lapsed', async () => {
    const dead = new ClaimKeeper(app.db, { instanceId: 'dead', timeoutMs: 600 });
    const alive = new ClaimKeeper(app.db, { instanceId: 'alive' });
    const ids = await unchecked(3, dead.newClaim());
    expect(await alive.claimFree()).toEqual([]);
    await sleep(700);
    expect(await alive.claimFree()).toEqual(ids);
    expect((await statuses(app, ids)).map((row) => row.claimed_by)).toEqual(ids.map(() => 'alive'));
    // Claimed now: nobody else gets them.
    expect(await dead.claimFree()).toEqual([]);
  });

  it('claims what nobody ever claimed, each id once between two racing instances', async () => {
    const ids = await unchecked(40);
    const one = new ClaimKeeper(app.db, { instanceId: 'one' });
    const two = new ClaimKeeper(app.db, { instanceId: 'two' });
    const [a, b] = await Promise.all([one.claimFree(), two.claimFree()]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids);
  });

  it('keeps the claims of what it holds alive, and releases them when it stops', async () => {
    const keeper = new ClaimKeeper(app.db, { instanceId: 'keeper', timeoutMs: 400 });
    const other = new ClaimKeeper(app.db, { instanceId: 'other' });
    const ids = await unchecked(2, keeper.newClaim());
    keeper.start(
      () => ids,
      () => {},
    );
    try {
      await sleep(900);
      expect(await other.claimFree()).toEqual([]);
      for (const row of await statuses(app, ids)) {
        expect(row.claimed_by).toBe('keeper');
        expect(Number(row.claim_expires_at)).toBeGreaterThan(Date.now());
      }
    } finally {
      await keeper.stop(ids);
    }
    expect(await other.claimFree()).toEqual(ids);
  });

  it('takes back, at start on a single-instance database, what a previous run still claims', async () => {
    const ids = await unchecked(2, { by: 'previous run', until: Date.now() + 60_000 });
    const keeper = new ClaimKeeper(app.db, { instanceId: 'restarted' });
    expect(await keeper.claimFree()).toEqual([]);
    expect(await keeper.claimFree(true)).toEqual(expect.arrayContaining(ids));
  });
});

describe(
  'the flag checker on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => void ({ one, two } = cluster));

    /** Callers of the same session through either instance. */
    async function player(game: Game) {
      const team = await playingTeam(one, game);
      const user = team.members[0].user;
      const { token } = await createSession(one.db, user.id, { ip: '127.0.0.1', now: Date.now() });
      return { team, through: [caller(one, token), caller(two, token)] as [Caller, Caller] };
    }

    it('checks every submission once, whichever instance took it and both queue it', async () => {
      const game = await createGame(one);
      const challenges: BuiltChallenge[] = [];
      for (let i = 0; i < 3; i++) challenges.push(await createChallenge(one, game.id));
      const players = [];
      for (let i = 0; i < 6; i++) players.push(await player(game));

      // Every team: two wrong answers and the right one per challenge, alternating instances.
      const ids: number[] = [];
      await Promise.all(
        players.map(async ({ through }, p) => {
          let n = p;
          for (const challenge of challenges) {
            for (const flag of ['flag{no}', challenge.flags[0], 'flag{late}']) {
              const id = await submitFlag(through[n++ % 2], game.id, challenge.id, flag);
              ids.push(id);
              // The other instance has it queued too (as after a sweep racing the insert).
              [two, one][n % 2].flagChecker.enqueue(id);
            }
          }
        }),
      );
      await expect
        .poll(
          async () =>
            (await statuses(one, ids)).filter((row) => row.status === 'FlagSubmitted').length,
          { timeout: 20_000, interval: 100 },
        )
        .toBe(0);
      await Promise.all([one.flagChecker.idle(), two.flagChecker.idle()]);

      const rows = await statuses(one, ids);
      expect(rows.filter((row) => row.status === 'Accepted')).toHaveLength(18);
      expect(rows.filter((row) => row.status === 'WrongAnswer')).toHaveLength(36);
      // Both instances did some of the work.
      const by = new Set(rows.map((row) => row.claimed_by));
      expect(by.size).toBe(2);

      for (const challenge of challenges) {
        const counts = await one.db
          .selectFrom('challenges')
          .select(['accepted_count', 'submission_count'])
          .where('id', '=', challenge.id)
          .executeTakeFirstOrThrow();
        expect(counts).toEqual({ accepted_count: 6, submission_count: 18 });
        const orders = await one.db
          .selectFrom('game_instances')
          .select('solve_order')
          .where('challenge_id', '=', challenge.id)
          .execute();
        expect(orders.map((o) => o.solve_order).sort((a, b) => a! - b!)).toEqual([
          1, 2, 3, 4, 5, 6,
        ]);
      }
      const events = await one.db
        .selectFrom('game_events')
        .select('type')
        .where('game_id', '=', game.id)
        .execute();
      expect(events.filter((e) => e.type === 'FlagSubmit')).toHaveLength(ids.length);
      const notices = await one.db
        .selectFrom('game_notices')
        .select('type')
        .where('game_id', '=', game.id)
        .execute();
      // First, second and third blood of each challenge, once.
      expect(notices.map((n) => n.type).sort()).toEqual(
        ['FirstBlood', 'SecondBlood', 'ThirdBlood'].flatMap((t) => [t, t, t]).sort(),
      );
    });

    it('checks the submissions of an instance that died once their claims lapse', async () => {
      const game = await createGame(one);
      const challenge = await createChallenge(one, game.id);
      const { team } = await player(game);
      const user = team.members[0].user;
      // Stored and claimed by an instance killed before it checked them: nobody queues them.
      const dead = new ClaimKeeper(one.db, { instanceId: 'killed', timeoutMs: 1_500 });
      const ids: number[] = [];
      for (const answer of [challenge.flags[0], 'flag{wrong}']) {
        ids.push(
          await insertSubmission(one.db, {
            gameId: game.id,
            challengeId: challenge.id,
            participationId: team.registration.id,
            userId: user.id,
            userName: user.userName,
            answer,
            now: Date.now(),
            claim: dead.newClaim(),
          }),
        );
      }
      const stored = Date.now();
      // The sweeps every 5 s leave them alone while the claim lasts, then one instance takes them.
      await expect
        .poll(async () => (await statuses(one, ids)).map((row) => row.status), {
          timeout: 15_000,
          interval: 100,
        })
        .toEqual(['Accepted', 'WrongAnswer']);
      expect(Date.now() - stored).toBeGreaterThanOrEqual(1_500);
      const counts = await one.db
        .selectFrom('challenges')
        .select(['accepted_count', 'submission_count'])
        .where('id', '=', challenge.id)
        .executeTakeFirstOrThrow();
      expect(counts).toEqual({ accepted_count: 1, submission_count: 2 });
    });

    it('hands its unchecked submissions over when it stops', async () => {
      const game = await createGame(one);
      const challenge = await createChallenge(one, game.id);
      const { through } = await player(game);
      // Stored through `one` while its checker stops: released, they are `two`'s next sweep's.
      await one.flagChecker.stop();
      try {
        const id = await submitFlag(through[0], game.id, challenge.id, challenge.flags[0]);
        const [row] = await statuses(one, [id]);
        expect(row.status).toBe('FlagSubmitted');
        await expect
          .poll(async () => (await statuses(one, [id]))[0].status, {
            timeout: 30_000,
            interval: 100,
          })
          .toBe('Accepted');
      } finally {
        await one.flagChecker.start();
      }
    });
  },
);
