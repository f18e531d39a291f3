import { describe, expect, it } from 'vitest';
import type { ChallengeListRecord } from '@/console/data/challengeRoutes';
import { unlockOrder } from './unlockOrder';

const challenge = (id: number, prerequisites?: number[]): ChallengeListRecord => ({
  id,
  title: `C${id}`,
  category: 'Misc',
  type: 'StaticAttachment',
  isEnabled: true,
  score: 100,
  minScore: 25,
  originalScore: 100,
  acceptedCount: 0,
  ...(prerequisites && {
    unlock: {
      prerequisites,
      prerequisiteCount: 0,
      unlockScore: 0,
      releaseTime: null,
      showWhenLocked: false,
      releaseNotice: false,
    },
  }),
});

describe('the order challenges open in', () => {
  it('puts each challenge a step after its deepest prerequisite', () => {
    const order = unlockOrder([
      challenge(4, [2, 3]),
      challenge(3, [1]),
      challenge(2),
      challenge(1),
    ]);
    expect(order.map(({ challenge: c, step }) => [c.id, step])).toEqual([
      [1, 0],
      [2, 0],
      [3, 1],
      [4, 2],
    ]);
  });

  it('survives a cycle an old row might hold', () => {
    const order = unlockOrder([challenge(1, [2]), challenge(2, [1])]);
    expect(order).toHaveLength(2);
  });
});
