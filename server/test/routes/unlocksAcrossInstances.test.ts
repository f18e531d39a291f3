// Prerequisites and timed release on two instances of one deployment (issue 25): the rules an
// organiser saves through one instance hold at once on the other (the cached copy is dropped by
// the cluster event), a solve checked through one opens the challenge on the other (the state is
// the database's), and a timed release posts its notice once however many instances run the job.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, signIn, testConfig, type Caller } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { skipUnless } from '../support/skipReason.js';
import { twoInstancesNeed, twoInstancesReady, useTwoInstances } from '../support/twoInstances.js';
import { playingTeam, submitAndWait } from './game/support.js';

describe(
  'challenge unlocks on two instances [postgres]',
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

    /** A team's captain through either instance. */
    async function player(game: Game) {
      const team = await playingTeam(one, game);
      const user = team.members[0].user;
      const { token } = await createSession(one.db, user.id, { ip: '127.0.0.1', now: Date.now() });
      return [caller(one, token), caller(two, token)] as const;
    }

    const listedOn = async (call: Caller, game: Game) => {
      const response = await call({ method: 'GET', url: `/api/game/${game.id}/details` });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { challenges: Record<string, { id: number }[]> };
      return Object.values(body.challenges)
        .flat()
        .map((challenge) => challenge.id);
    };

    it('holds a rule saved on one instance on the other, and a solve on one opens it on both', async () => {
      const game = await createGame(one);
      const a = await createChallenge(one, game.id);
      const b = await createChallenge(one, game.id);
      const [viaOne, viaTwo] = await player(game);
      // Read on two first, so that two holds the game's (empty) rules.
      expect(await listedOn(viaTwo, game)).toEqual(expect.arrayContaining([a.id, b.id]));

      const saved = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}/challenges/${b.id}`,
        payload: { prerequisites: [a.id] },
      });
      expect(saved.statusCode).toBe(200);
      await expect.poll(() => listedOn(viaTwo, game)).not.toContain(b.id);
      const refused = await viaTwo({
        method: 'POST',
        url: `/api/game/${game.id}/challenges/${b.id}`,
        payload: { flag: b.flags[0] },
      });
      expect(refused.statusCode).toBe(404);

      expect(await submitAndWait(viaOne, game.id, a.id, a.flags[0])).toBe('Accepted');
      expect(await listedOn(viaTwo, game)).toContain(b.id);
      expect(await submitAndWait(viaTwo, game.id, b.id, b.flags[0])).toBe('Accepted');
    });

    it('posts a timed release notice once with both instances running the job', async () => {
      const game = await createGame(one);
      const b = await createChallenge(one, game.id, { title: 'Released later' });
      const [viaOne, viaTwo] = await player(game);
      const release = Date.now() + 1_000;
      const saved = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}/challenges/${b.id}`,
        payload: { releaseTime: release, releaseNotice: true },
      });
      expect(saved.statusCode).toBe(200);
      expect(await listedOn(viaOne, game)).not.toContain(b.id);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, release - Date.now() + 20)));
      // Both instances' jobs run every second; ask both again at once as well.
      await Promise.all([one.unlocks.runReleases(), two.unlocks.runReleases()]);
      const newChallenges = async () =>
        (
          (await viaTwo({ method: 'GET', url: `/api/game/${game.id}/notices` })).json() as {
            type: string;
            values: string[];
          }[]
        ).filter((notice) => notice.type === 'NewChallenge');
      await expect.poll(newChallenges, { timeout: 10_000 }).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await Promise.all([one.unlocks.runReleases(), two.unlocks.runReleases()]);
      expect(await newChallenges()).toEqual([
        expect.objectContaining({ values: ['Released later'] }),
      ]);
      expect(await listedOn(viaTwo, game)).toContain(b.id);
    });
  },
);
