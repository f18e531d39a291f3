// The challenge groups of the board.
import { describe, expect, it } from 'vitest';
import { CHALLENGE_CATEGORIES } from '#server/domain/scoring/categories.js';
import { loadDocument } from '#server/spec/document.js';
import { scenario } from './scenario.js';

describe('challenge groups', () => {
  it('groups enabled challenges by category in enum order, by title within one', () => {
    const s = scenario({
      challenges: {
        zeta: { category: 'Web' },
        alpha: { category: 'Web' },
        Beta: { category: 'Web' },
        rev: { category: 'Reverse' },
        misc: { category: 'Misc' },
        osint: { category: 'OSINT' },
      },
      teams: {},
      solves: [],
    });
    expect(Object.keys(s.board.challenges)).toEqual(['Misc', 'Web', 'Reverse', 'OSINT']);
    expect(s.board.challenges.Web!.map((c) => c.title)).toEqual(['alpha', 'Beta', 'zeta']);
    expect(s.board.challengeCount).toBe(6);
    expect(s.board.items).toEqual([]);
    expect(s.board.timeLines).toEqual({ all: [] });
    expect(s.challenge('rev')).toEqual({
      id: expect.any(Number),
      title: 'rev',
      category: 'Reverse',
      score: 1000,
      solved: 0,
      bloods: [],
      disableBloodBonus: false,
    });
  });

  it('shows the stored solve count and the score it gives', () => {
    const s = scenario({ challenges: { c: { acceptedCount: 3 } }, teams: {}, solves: [] });
    expect(s.challenge('c')).toMatchObject({ solved: 3, score: 752 });
  });

  it('lists the categories of the spec in its enum order', () => {
    const schemas = loadDocument().components.schemas as Record<string, { enum?: string[] }>;
    expect([...CHALLENGE_CATEGORIES]).toEqual(schemas.ChallengeCategory.enum);
  });
});
