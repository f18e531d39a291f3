// Ranking, tie-breaks, division ranks and time lines.
import { describe, expect, it } from 'vitest';
import { NEVER } from '#server/domain/scoring/types.js';
import { MINUTE, START, scenario } from './scenario.js';

describe('ranking', () => {
  it('orders by score, then by the time the score was reached, then by registration', () => {
    const s = scenario({
      challenges: { a: { minScoreRate: 1 }, b: { minScoreRate: 1 }, c: { minScoreRate: 1 } },
      bloodBonus: 0,
      teams: { Late: null, Early: null, Idle1: null, Idle2: null, Same1: null, Same2: null },
      solves: [
        ['Early', 'a', 1 * MINUTE],
        ['Same2', 'b', 2 * MINUTE],
        ['Same1', 'c', 2 * MINUTE],
        ['Late', 'b', 3 * MINUTE],
      ],
    });
    expect(s.ranking()).toEqual(['Early', 'Same1', 'Same2', 'Late', 'Idle1', 'Idle2']);
    expect(s.team('Idle1')).toMatchObject({
      score: 0,
      rank: 5,
      lastSubmissionTime: NEVER,
      solvedChallenges: [],
      solvedCount: 0,
      divisionRank: null,
    });
  });

  it('ranks within divisions and leaves teams without a division unranked there', () => {
    const s = scenario({
      challenges: { c: { minScoreRate: 1 } },
      teams: { A: 'X', B: null, C: 'Y', D: 'X' },
      solves: [
        ['D', 'c'],
        ['B', 'c'],
        ['C', 'c'],
      ],
    });
    expect(s.board.items.map((i) => [i.name, i.rank, i.divisionRank])).toEqual([
      ['D', 1, 1],
      ['B', 2, null],
      ['C', 3, 1],
      ['A', 4, 2],
    ]);
  });
});

describe('time lines', () => {
  it('holds the overall top 10 as cumulative series without a zero point', () => {
    const teams = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`T${i + 1}`, null]));
    const solves: [string, string][] = [];
    for (let i = 1; i <= 12; i++) solves.push([`T${i}`, 'a']);
    solves.push(['T12', 'b'], ['T12', 'c']);
    const s = scenario({
      bloodBonus: 0,
      challenges: { a: { minScoreRate: 1 }, b: { minScoreRate: 1 }, c: { minScoreRate: 1 } },
      teams,
      solves,
    });
    expect(Object.keys(s.board.timeLines)).toEqual(['all']);
    const all = s.board.timeLines.all;
    expect(all).toHaveLength(10);
    expect(all.map((t) => t.name)).toEqual(s.ranking().slice(0, 10));
    expect(all[0]).toEqual({
      id: s.team('T12').id,
      name: 'T12',
      items: [
        { time: START + 12 * MINUTE, score: 1000 },
        { time: START + 13 * MINUTE, score: 2000 },
        { time: START + 14 * MINUTE, score: 3000 },
      ],
    });
  });

  it('adds a top 10 per division, keeps "all" for the overall series', () => {
    const teams: Record<string, string | null> = { solo: 'all' };
    for (let i = 0; i < 11; i++) teams[`X${i}`] = 'X';
    const s = scenario({
      challenges: { c: {} },
      teams,
      solves: Object.keys(teams).map((t) => [t, 'c'] as [string, string]),
    });
    expect(Object.keys(s.board.timeLines)).toEqual(['all', 'X']);
    expect(s.board.timeLines.X).toHaveLength(10);
    expect(s.board.timeLines.all[0].name).toBe('solo');
  });

  it('treats a division named __proto__ as a plain key', () => {
    const s = scenario({ challenges: { c: {} }, teams: { A: '__proto__' }, solves: [['A', 'c']] });
    expect(Object.keys(s.board.timeLines)).toEqual(['all', '__proto__']);
    expect(JSON.parse(JSON.stringify(s.board)).timeLines.__proto__).toHaveLength(1);
  });
});
