// behaviour.md §13.1: the reference's own scoring scenarios, in 1.3.0 semantics.
import { describe, expect, it } from 'vitest';
import { packBloodBonus } from '#server/domain/scoring/bloodBonus.js';
import { scenario } from './scenario.js';

describe('scoring acceptance scenarios', () => {
  it('1. precise blood bonuses (300, 150, 50) on static challenges', () => {
    const s = scenario({
      bloodBonus: packBloodBonus(300, 150, 50),
      challenges: {
        c1: { originalScore: 500, minScoreRate: 1 },
        c2: { originalScore: 1000, minScoreRate: 1 },
        c3: { originalScore: 2000, minScoreRate: 1 },
      },
      teams: { T1: null, T2: null, T3: null, T4: null, T5: null },
      solves: [
        ['T1', 'c1'],
        ['T1', 'c2'],
        ['T1', 'c3'],
        ['T2', 'c1'],
        ['T2', 'c2'],
        ['T3', 'c1'],
        ['T4', 'c2'],
      ],
    });
    expect(s.board.bloodBonus).toBe(314_726_450);
    expect(s.scores()).toEqual({ T1: 4550, T2: 1725, T3: 525, T4: 1050, T5: 0 });
    expect(s.ranking()).toEqual(['T1', 'T2', 'T4', 'T3', 'T5']);
    expect(s.board.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(s.team('T1').solvedChallenges.map((c) => [c.score, c.type])).toEqual([
      [650, 'FirstBlood'],
      [1300, 'FirstBlood'],
      [2600, 'FirstBlood'],
    ]);
    expect(s.team('T4').solvedChallenges[0].type).toBe('ThirdBlood');
    expect(s.challenge('c1').bloods.map((b) => b.name)).toEqual(['T1', 'T2', 'T3']);
  });

  it('2. dynamic decay without bonus: 1000, 923, 854 … 525', () => {
    const teams = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`T${i + 1}`, null]),
    ) as Record<string, null>;
    const seen: number[] = [];
    for (let solvers = 1; solvers <= 10; solvers++) {
      const s = scenario({
        bloodBonus: 0,
        challenges: { c: { originalScore: 1000, minScoreRate: 0.2, difficulty: 10 } },
        teams,
        solves: Array.from({ length: solvers }, (_, i) => [`T${i + 1}`, 'c'] as [string, string]),
      });
      const score = s.challenge('c').score;
      if (seen.length) expect(score).toBeLessThanOrEqual(seen[seen.length - 1]);
      expect(score).toBeGreaterThanOrEqual(200);
      expect(s.challenge('c').solved).toBe(solvers);
      // Retroactive, and no bonus: every solver holds exactly the current score.
      for (let i = 1; i <= solvers; i++) expect(s.team(`T${i}`).score).toBe(score);
      seen.push(score);
    }
    expect(seen).toEqual([1000, 923, 854, 792, 736, 685, 639, 597, 559, 525]);
  });

  it('3. every accepted team appears, solves or not', () => {
    for (const count of [3, 5]) {
      const teams = Object.fromEntries(Array.from({ length: count }, (_, i) => [`T${i}`, null]));
      const s = scenario({ challenges: { c: {} }, teams, solves: [['T0', 'c']] });
      expect(s.board.items).toHaveLength(count);
      expect(s.board.items.slice(1).every((i) => i.score === 0 && i.solvedCount === 0)).toBe(true);
    }
  });

  it('4. retroactive default example: a fourth solver lowers everybody', () => {
    const three = scenario({
      challenges: { c: {} },
      teams: { A: null, B: null, C: null, D: null },
      solves: [
        ['A', 'c'],
        ['B', 'c'],
        ['C', 'c'],
      ],
    });
    expect(three.challenge('c').score).toBe(752);
    expect(three.scores()).toEqual({ A: 790, B: 775, C: 760, D: 0 });
    const four = scenario({
      challenges: { c: {} },
      teams: { A: null, B: null, C: null, D: null },
      solves: [
        ['A', 'c'],
        ['B', 'c'],
        ['C', 'c'],
        ['D', 'c'],
      ],
    });
    expect(four.challenge('c').score).toBe(661);
    expect(four.scores()).toEqual({ A: 694, B: 681, C: 668, D: 661 });
  });

  it('5. multi-division case (1.3.0 form: divisions only group)', () => {
    const s = scenario({
      bloodBonus: packBloodBonus(1000, 500, 250),
      challenges: {
        c1: { originalScore: 500, minScoreRate: 1 },
        c2: { originalScore: 1000, minScoreRate: 1 },
        c3: { originalScore: 1500, minScoreRate: 1 },
      },
      teams: {
        Pro1: 'Professional',
        Stu1: 'Student',
        Pro2: 'Professional',
        Stu2: 'Student',
        Unoff1: 'Unofficial',
      },
      solves: [
        ['Pro1', 'c1'],
        ['Pro1', 'c2'],
        ['Pro1', 'c3'],
        ['Stu1', 'c1'],
        ['Stu1', 'c2'],
        ['Pro2', 'c1'],
        ['Stu2', 'c3'],
        ['Unoff1', 'c1'],
        ['Unoff1', 'c2'],
        ['Unoff1', 'c3'],
      ],
    });
    expect(s.scores()).toEqual({ Pro1: 6000, Unoff1: 3625, Stu1: 2250, Stu2: 2250, Pro2: 625 });
    expect(s.ranking()).toEqual(['Pro1', 'Unoff1', 'Stu1', 'Stu2', 'Pro2']);
    expect(s.board.items.map((i) => i.divisionRank)).toEqual([1, 1, 1, 2, 2]);
    expect(s.challenge('c1').bloods.map((b) => b.name)).toEqual(['Pro1', 'Stu1', 'Pro2']);
    expect(Object.keys(s.board.timeLines)).toEqual([
      'all',
      'Professional',
      'Unofficial',
      'Student',
    ]);
    expect(s.board.timeLines.Student.map((t) => t.name)).toEqual(['Stu1', 'Stu2']);
  });

  it('7. the scoreboard-sheet setup: c1 = 1000, c2 = 500, r = 0.8, default bonus', () => {
    const s = scenario({
      challenges: {
        c1: { originalScore: 1000, minScoreRate: 0.8 },
        c2: { originalScore: 500, minScoreRate: 0.8 },
      },
      teams: { T1: null, T2: null, T3: null },
      solves: [
        ['T1', 'c1'],
        ['T1', 'c2'],
        ['T2', 'c1'],
      ],
    });
    expect(s.challenge('c1').score).toBe(963);
    expect(s.scores()).toEqual({ T1: 1536, T2: 992, T3: 0 });
    for (const item of s.board.items) {
      expect(item.solvedChallenges.reduce((sum, c) => sum + c.score, 0)).toBe(item.score);
    }
  });
});
