// Act 1: an organiser sets up the game with a static, a dynamic (per-team generated flag) and a
// dynamic-attachment (flag pool) challenge; enabling them during the game announces each.
import { expect, it } from 'vitest';
import { addChallenge } from '../organiser.js';
import { readNotices } from '../support.js';
import { DEFAULT_BLOOD_BONUS, HOUR, POOL, type Story } from './story.js';

export function organiserSetsUp(story: Story): void {
  it('lets an organiser set up the game and its three challenges', async () => {
    const { admin, monitor, challenge } = story;
    const now = Date.now();
    const created = await admin({
      method: 'POST',
      url: '/api/edit/games',
      payload: {
        title: 'Whole Game',
        start: now - 60_000,
        end: now + HOUR,
        acceptWithoutReview: true,
        practiceMode: true,
        divisions: ['Pro', 'Student'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ bloodBonus: DEFAULT_BLOOD_BONUS, practiceMode: true });
    const gameId = (created.json() as { id: number }).id;
    story.gameId = gameId;

    challenge.sanity = await addChallenge(
      admin,
      gameId,
      { title: 'Sanity', category: 'Misc', type: 'StaticAttachment' },
      { originalScore: 500, minScoreRate: 0.5, difficulty: 2 },
      [{ flag: 'flag{sanity_check}' }],
    );
    challenge.hashes = await addChallenge(
      admin,
      gameId,
      { title: 'Hashes', category: 'Web', type: 'DynamicContainer' },
      { flagTemplate: 'flag{whole_game_[TEAM_HASH]}', containerImage: 'vexil/hashes:1' },
      [],
    );
    challenge.pool = await addChallenge(
      admin,
      gameId,
      { title: 'Pool', category: 'Crypto', type: 'DynamicAttachment' },
      {},
      POOL.map(({ flag, url }) => ({ flag, attachmentType: 'Remote', remoteUrl: url })),
    );
    expect(challenge.sanity).toMatchObject({ originalScore: 500, minScoreRate: 0.5 });
    expect(challenge.pool).toMatchObject({
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
    });

    // Enabling during the game announces each challenge.
    const announced = (await readNotices(monitor, gameId)).filter((n) => n.type === 'NewChallenge');
    expect(announced.map((n) => n.values[0]).sort()).toEqual(['Hashes', 'Pool', 'Sanity']);
  });
}
