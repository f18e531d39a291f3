// Score visibility on two instances of one deployment (issue 25): the setting travels with the
// stored board (kept in Redis and announced to the other instances when rebuilt), so an organiser's
// change through one instance applies to the board, the CTFtime feed and the hub of the other.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signIn, testConfig, type Caller } from '../support/app.js';
import { createGame } from '../support/competition.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';

const REFUSED = {
  title: 'Scores are shown to the organisers only until the game ends',
  status: 403,
};

describe(
  'score visibility on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    let admin: Caller;
    let monitorOnTwo: Caller;
    beforeAll(async () => {
      ({ one, two } = cluster);
      admin = await signIn(one, 'Admin');
      monitorOnTwo = await signIn(two, 'Monitor');
    });

    it('applies a setting saved through one instance to the board read on the other', async () => {
      const game = await createGame(one);
      const board = `/api/game/${game.id}/scoreboard`;
      const feed = `${board}/ctftime`;
      const anonymousOnTwo = caller(two);
      // Two holds the public board first.
      expect((await anonymousOnTwo({ method: 'GET', url: board })).statusCode).toBe(200);

      const read = await admin({ method: 'GET', url: `/api/edit/games/${game.id}` });
      const saved = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}`,
        payload: { ...(read.json() as object), scoreVisibility: 'Organisers' },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      await expect
        .poll(async () => (await anonymousOnTwo({ method: 'GET', url: board })).statusCode, {
          timeout: 15_000,
        })
        .toBe(403);
      expect((await anonymousOnTwo({ method: 'GET', url: feed })).json()).toEqual(REFUSED);
      expect((await monitorOnTwo({ method: 'GET', url: board })).statusCode).toBe(200);
      expect(two.scoreboards.peek(game.id)?.scoreVisibility).toBe('Organisers');
    });
  },
);
