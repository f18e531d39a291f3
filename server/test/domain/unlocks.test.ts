// The pure rules of prerequisites and timed release (issue 25): when a challenge is open to a
// team, and the checks of a new prerequisite list (cycles named along their path).
import { describe, expect, it } from 'vitest';
import { cycleThrough, prerequisiteProblem } from '#server/domain/unlocks/prerequisiteCheck.js';
import {
  GameUnlockRules,
  isOpen,
  isOpenToAll,
  neededCount,
  type UnlockRule,
} from '#server/domain/unlocks/rules.js';

const rule = (overrides: Partial<UnlockRule> = {}): UnlockRule => ({
  challengeId: 10,
  prerequisites: [],
  prerequisiteCount: null,
  unlockScore: null,
  releaseTime: null,
  showWhenLocked: false,
  releaseNotice: false,
  ...overrides,
});
const progress = (solved: number[], score = 0) => ({ solved: new Set(solved), score });

describe('when a challenge is open to a team', () => {
  it('needs all prerequisites, or any N of them', () => {
    const all = rule({ prerequisites: [1, 2] });
    expect(neededCount(all)).toBe(2);
    expect(isOpen(all, progress([1]), 0)).toBe(false);
    expect(isOpen(all, progress([1, 2]), 0)).toBe(true);
    const any = rule({ prerequisites: [1, 2, 3], prerequisiteCount: 2 });
    expect(isOpen(any, progress([3]), 0)).toBe(false);
    expect(isOpen(any, progress([1, 3]), 0)).toBe(true);
  });

  it('adds the score and the release time, every condition together', () => {
    const r = rule({ prerequisites: [1], unlockScore: 500, releaseTime: 1_000 });
    expect(isOpen(r, progress([1], 600), 999)).toBe(false);
    expect(isOpen(r, progress([1], 400), 1_000)).toBe(false);
    expect(isOpen(r, progress([], 600), 1_000)).toBe(false);
    expect(isOpen(r, progress([1], 500), 1_000)).toBe(true);
    expect(isOpenToAll(rule({ releaseTime: 1_000 }), 1_000)).toBe(true);
    expect(isOpenToAll(r, 2_000)).toBe(false);
  });

  it('keeps a challenge the team solved open, whatever was added since', () => {
    expect(isOpen(rule({ prerequisites: [1] }), progress([10]), 0)).toBe(true);
  });

  it('lists the locked challenges of a game, ignoring rules without conditions', () => {
    const rules = new GameUnlockRules([
      rule({ challengeId: 1, showWhenLocked: true }),
      rule({ challengeId: 2, prerequisites: [1] }),
      rule({ challengeId: 3, releaseTime: 5_000 }),
    ]);
    expect(rules.ruleOf(1)).toBeUndefined();
    expect([...rules.lockedFor(progress([]), 0).keys()]).toEqual([2, 3]);
    expect([...rules.lockedFor(progress([1]), 5_000).keys()]).toEqual([]);
    expect(new GameUnlockRules([rule({ challengeId: 3, releaseTime: 5 })]).needsProgress).toBe(
      false,
    );
  });
});

describe('the checks of a prerequisite list', () => {
  const titles = new Map([
    [1, 'A'],
    [2, 'B'],
    [3, 'C'],
  ]);
  const known = new Map(
    [1, 2, 3].map((id) => [id, { id, gameId: 7, title: titles.get(id) ?? '' }] as const),
  );
  const check = (challengeId: number, prerequisites: number[], edges: [number, number[]][] = []) =>
    prerequisiteProblem({
      challengeId,
      gameId: 7,
      prerequisites,
      prerequisiteCount: 0,
      known,
      edges: new Map(edges),
      titles,
    });

  it('finds cycles of any length, and none in a diamond', () => {
    expect(cycleThrough(1, [2], new Map([[2, [1]]]))).toEqual([1, 2, 1]);
    expect(
      cycleThrough(
        1,
        [2],
        new Map([
          [2, [3]],
          [3, [1]],
        ]),
      ),
    ).toEqual([1, 2, 3, 1]);
    expect(check(1, [2, 3], [[3, [2]]])).toBeNull();
    expect(
      check(
        1,
        [3],
        [
          [3, [2]],
          [2, [1]],
        ],
      ),
    ).toBe('Prerequisites would make a cycle: "A" → "C" → "B" → "A"');
  });

  it('refuses itself, other games and unknown ids, naming them', () => {
    expect(check(1, [1])).toBe('A challenge cannot require itself: "A"');
    const foreign = new Map([...known, [9, { id: 9, gameId: 8, title: 'X' }]]);
    expect(
      prerequisiteProblem({
        challengeId: 1,
        gameId: 7,
        prerequisites: [9, 404],
        prerequisiteCount: 0,
        known: foreign,
        edges: new Map(),
        titles,
      }),
    ).toBe('Prerequisites must be challenges of this game: 9 "X" (another game), 404 (unknown)');
  });
});
