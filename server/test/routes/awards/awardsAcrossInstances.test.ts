// Awards across instances (issue 25): an award given through one instance shows on the board
// another instance serves, and that instance's players are told the board changed.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import { groups } from '#server/services/realtime.js';
import { caller, signIn, testConfig } from '../../support/app.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import { seedGame, seedTeam } from '../game/scoreboardFixtures.js';

type Board = components['schemas']['ScoreboardModel'];

describe(
  'awards on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => void ({ one, two } = cluster));

    const boardOn = async (app: FastifyInstance, gameId: number): Promise<Board> => {
      const response = await caller(app)({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Board;
    };

    it('an award given on one instance shows on the board of the other, which pushes the update', async () => {
      const game = await seedGame(one.db);
      const team = await seedTeam(one.db, game.id, { name: `Awarded ${game.id}` });
      // Both instances have served the board before the award.
      expect((await boardOn(one, game.id)).items[0].score).toBe(0);
      expect((await boardOn(two, game.id)).items[0].score).toBe(0);

      const pushed: unknown[] = [];
      const stop = two.realtime.subscribe(groups.players(game.id), (message) =>
        pushed.push(message),
      );
      try {
        const admin = await signIn(one, 'Admin');
        const given = await admin({
          method: 'POST',
          url: `/api/edit/games/${game.id}/awards`,
          payload: { teamId: team.teamId, value: 75, reason: 'Found a bug' },
        });
        expect(given.statusCode, given.body).toBe(200);

        await expect
          .poll(async () => (await boardOn(two, game.id)).items[0], { timeout: 15_000 })
          .toMatchObject({ score: 75, awards: [{ value: 75, reason: 'Found a bug' }] });
        await expect.poll(() => pushed.length, { timeout: 15_000 }).toBeGreaterThan(0);

        // The other instance lists it for monitors too.
        const monitor = await signIn(two, 'Monitor');
        const listed = await monitor({ method: 'GET', url: `/api/game/${game.id}/awards` });
        expect(listed.json()).toMatchObject([{ teamId: team.teamId, value: 75 }]);

        // Removed through the second instance: the first one's board follows.
        const adminTwo = await signIn(two, 'Admin');
        const id = (given.json() as { id: number }).id;
        const removed = await adminTwo({
          method: 'DELETE',
          url: `/api/edit/games/${game.id}/awards/${id}`,
        });
        expect(removed.statusCode).toBe(200);
        await expect
          .poll(async () => (await boardOn(one, game.id)).items[0].score, { timeout: 15_000 })
          .toBe(0);
      } finally {
        stop();
      }
    });
  },
);
