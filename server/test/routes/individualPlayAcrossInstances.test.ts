// Individual play on two instances of one deployment (issue 25): a player's first joins of two
// individual games, sent at once through both instances, make one personal entry (the unique
// `personal_of` decides, each join in its own transaction), and a rename through one instance
// shows on the board read through the other.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { createUser } from '#server/db/repositories/users.js';
import { caller, testConfig } from '../support/app.js';
import { buildNewUser } from '../support/builders.js';
import { createGame } from '../support/competition.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';

describe(
  'individual play on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => {
      ({ one, two } = cluster);
    });

    /** A player signed in on both instances (sessions live in the shared database). */
    async function player() {
      const user = await createUser(one.db, buildNewUser());
      const { token } = await createSession(one.db, user.id, { ip: '127.0.0.1', now: Date.now() });
      return { user, onOne: caller(one, token), onTwo: caller(two, token) };
    }

    it('makes one personal entry when first joins arrive through both instances at once', async () => {
      for (let round = 0; round < 5; round++) {
        const games = await Promise.all([
          createGame(one, { playMode: 'Individual' }),
          createGame(one, { playMode: 'Individual' }),
        ]);
        const who = await player();
        const responses = await Promise.all([
          who.onOne({ method: 'POST', url: `/api/game/${games[0].id}`, payload: {} }),
          who.onTwo({ method: 'POST', url: `/api/game/${games[1].id}`, payload: {} }),
        ]);
        expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
        const entries = await one.db
          .selectFrom('teams')
          .select('id')
          .where('personal_of', '=', who.user.id)
          .execute();
        expect(entries).toHaveLength(1);
        const registered = await one.db
          .selectFrom('participations')
          .select('team_id')
          .where(
            'game_id',
            'in',
            games.map((g) => g.id),
          )
          .execute();
        expect(registered.map((r) => r.team_id)).toEqual([entries[0].id, entries[0].id]);
      }
    });

    it('shows a rename through one instance on the board read through the other', async () => {
      const game = await createGame(one, { playMode: 'Individual' });
      const who = await player();
      expect(
        (await who.onOne({ method: 'POST', url: `/api/game/${game.id}`, payload: {} })).statusCode,
      ).toBe(200);
      const names = async () =>
        (await caller(two)({ method: 'GET', url: `/api/game/${game.id}/scoreboard` }))
          .json()
          .items.map((i: { name: string }) => i.name) as string[];
      await expect.poll(names, { timeout: 15_000 }).toEqual([who.user.userName]);
      const renamed = await who.onOne({
        method: 'PUT',
        url: '/api/account/update',
        payload: { userName: `solo${Date.now() % 100000}` },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const profile = await who.onOne({ method: 'GET', url: '/api/account/profile' });
      await expect.poll(names, { timeout: 15_000 }).toEqual([profile.json().userName]);
    });
  },
);
