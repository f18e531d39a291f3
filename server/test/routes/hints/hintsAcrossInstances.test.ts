// Priced hints on two instances (issue 25): members of one team pressing "unlock" at once
// through both instances pay once (the database's unique key decides), and the board either
// instance serves shows the price.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, signIn, testConfig, type Caller } from '../../support/app.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import { addHint, hintGame, scoreOf, unlock, type Board, type UnlockResult } from './support.js';

describe(
  'priced hints on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    let admin: Caller;
    beforeAll(async () => {
      ({ one, two } = cluster);
      admin = await signIn(one, 'Admin');
    });

    const boardOn = async (app: FastifyInstance, gameId: number): Promise<Board> => {
      const response = await caller(app)({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Board;
    };

    it('charges a team once for twenty simultaneous unlocks through both instances', async () => {
      const { game, challenge, team } = await hintGame(one, {}, 4);
      const hint = await addHint(admin, game.id, challenge.id, { content: 'Shared', cost: 90 });
      expect(scoreOf(await boardOn(two, game.id), team.team.id)).toBe(0);
      const callers = await Promise.all(
        team.members.map(async (member) => {
          const { token } = await createSession(one.db, member.user.id, {
            ip: '127.0.0.1',
            now: Date.now(),
          });
          return [caller(one, token), caller(two, token)];
        }),
      );
      const everyone = callers.flat();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          unlock(everyone[i % everyone.length], game.id, challenge.id, hint.id),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers.filter((a) => (a.json() as UnlockResult).recorded)).toHaveLength(1);
      const paid = await one.db
        .selectFrom('hint_unlocks')
        .select('id')
        .where('hint_id', '=', hint.id)
        .execute();
      expect(paid).toHaveLength(1);
      await expect
        .poll(async () => scoreOf(await boardOn(two, game.id), team.team.id), { timeout: 10_000 })
        .toBe(-90);
      await expect
        .poll(async () => scoreOf(await boardOn(one, game.id), team.team.id), { timeout: 10_000 })
        .toBe(-90);
    });
  },
);
