// Attempt limits with two instances on one PostgreSQL database and Redis (issue 25), as two
// processes of one deployment run them (support/twoInstances.ts: each with its own pool and its
// own batching of submissions): 50 wrong submissions of one team at once, spread over both, never
// exceed the limit, and both instances show the team the same attempts and wait.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateChallenge } from '#server/db/repositories/challenges.js';
import type { Game } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, testConfig, type Caller } from '../../support/app.js';
import { createChallenge, createGame } from '../../support/competition.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import { attemptsOf, storedSubmissions, submit, waitForAllChecked } from './attemptSupport.js';
import { playingTeam } from './support.js';

describe(
  'attempt limits on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => void ({ one, two } = cluster));

    /** A team of two whose members call through both instances. */
    async function team(game: Game) {
      const playing = await playingTeam(one, game, { size: 2 });
      const through: Caller[] = [];
      for (const member of playing.members) {
        const { token } = await createSession(one.db, member.user.id, {
          ip: '127.0.0.1',
          now: Date.now(),
        });
        through.push(caller(one, token), caller(two, token));
      }
      return { ...playing, through };
    }

    async function limited(limits: { maxAttempts?: number; attemptWait?: number }) {
      const game = await createGame(one);
      const challenge = await createChallenge(one, game.id, { flags: ['flag{right}'] });
      await updateChallenge(one.db, challenge.id, limits);
      return { game, challenge, team: await team(game) };
    }

    it('never exceeds the limit with 50 wrong submissions of one team through both', async () => {
      const { game, challenge, team: t } = await limited({ maxAttempts: 6 });
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          submit(t.through[i % t.through.length], game.id, challenge.id, `flag{wrong ${i}}`),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(6);
      expect(statuses.filter((s) => s === 403)).toHaveLength(44);
      // Each instance answered half of them (callers alternate: one, two, one, two…), refusals
      // included: the count each one saw was the database's, not its own.
      for (const instance of [0, 1]) {
        expect(
          responses.filter((r, i) => i % 2 === instance && r.statusCode === 403).length,
        ).toBeGreaterThan(0);
      }

      await waitForAllChecked(one, t.registration.id, challenge.id);
      const stored = await storedSubmissions(one, t.registration.id, challenge.id);
      expect(stored.map((s) => s.status)).toEqual(Array(6).fill('WrongAnswer'));
      for (const call of t.through) {
        expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({ attemptsLeft: 0 });
        expect((await submit(call, game.id, challenge.id, 'flag{right}')).statusCode).toBe(403);
      }
    });

    it('keeps one wait for the team whichever instance it asks', async () => {
      const { game, challenge, team: t } = await limited({ attemptWait: 120 });
      const responses = await Promise.all(
        t.through.map((call, i) => submit(call, game.id, challenge.id, `flag{at once ${i}}`)),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
      for (const refused of responses.filter((r) => r.statusCode === 429)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      const [stored] = await storedSubmissions(one, t.registration.id, challenge.id);
      for (const call of t.through) {
        expect(await attemptsOf(call, game.id, challenge.id)).toMatchObject({
          nextAttemptAt: Number(stored.submit_time) + 120_000,
        });
      }
    });
  },
);
