// Which solves count, bloods, and the bonus in force.
import { describe, expect, it } from 'vitest';
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import { MINUTE, START, scenario } from './scenario.js';

describe('counted solves', () => {
  it('counts only the earliest solve of a team per challenge', () => {
    const s = scenario({
      challenges: { c: { acceptedCount: 2 } },
      teams: { A: null, B: null },
      solves: [
        ['A', 'c', 5 * MINUTE],
        ['B', 'c', 3 * MINUTE],
        ['A', 'c', 1 * MINUTE],
      ],
    });
    expect(s.team('A').solvedChallenges).toEqual([
      { id: 10, score: 907, type: 'FirstBlood', userName: 'A-player', time: START + MINUTE },
    ]);
    expect(s.team('B').solvedChallenges[0].type).toBe('SecondBlood');
    expect(s.team('A').lastSubmissionTime).toBe(START + MINUTE);
  });

  it('orders solves of the same millisecond by submission id', () => {
    const s = scenario({
      challenges: { c: {} },
      teams: { A: null, B: null },
      solves: [
        ['B', 'c', MINUTE],
        ['A', 'c', MINUTE],
      ],
    });
    expect(s.challenge('c').bloods.map((b) => b.name)).toEqual(['B', 'A']);
  });

  it('gives neither bloods nor bonus on a challenge that disables them', () => {
    const s = scenario({
      challenges: { quiet: { disableBloodBonus: true }, loud: {} },
      teams: { A: null, B: null },
      solves: [
        ['A', 'quiet'],
        ['B', 'quiet'],
        ['A', 'loud'],
      ],
    });
    expect(s.challenge('quiet')).toMatchObject({ bloods: [], disableBloodBonus: true, score: 864 });
    expect(s.team('A').solvedChallenges.map((c) => [c.type, c.score])).toEqual([
      ['Normal', 864],
      ['FirstBlood', 1050],
    ]);
    expect(s.challenge('loud').disableBloodBonus).toBe(false);
  });

  it('records bloods without rewarding them when the bonus is 0', () => {
    const s = scenario({
      bloodBonus: 0,
      challenges: { c: { minScoreRate: 1 } },
      teams: { A: null, B: null, C: null, D: null },
      solves: [
        ['A', 'c'],
        ['B', 'c'],
        ['C', 'c'],
        ['D', 'c'],
      ],
    });
    expect(s.board.bloodBonus).toBe(0);
    expect(s.board.items.map((i) => i.solvedChallenges[0].type)).toEqual([
      'FirstBlood',
      'SecondBlood',
      'ThirdBlood',
      'Normal',
    ]);
    expect(new Set(s.board.items.map((i) => i.score))).toEqual(new Set([1000]));
    expect(s.challenge('c').bloods).toHaveLength(3);
  });

  it('uses the default bonus, and reports it, when the stored value is invalid', () => {
    const s = scenario({
      bloodBonus: 1023 * 2 ** 20,
      challenges: { c: { minScoreRate: 1 } },
      teams: { A: null },
      solves: [['A', 'c']],
    });
    expect(s.board.bloodBonus).toBe(52_459_530);
    expect(s.team('A').score).toBe(1050);
  });

  it('moves a blood to the next team when a solver is no longer accepted', () => {
    const base = {
      challenges: { c: { minScoreRate: 1 } },
      solves: [
        ['A', 'c'],
        ['B', 'c'],
        ['C', 'c'],
        ['D', 'c'],
      ] as [string, string][],
    };
    const all = scenario({ ...base, teams: { A: null, B: null, C: null, D: null } });
    expect(all.challenge('c').bloods.map((b) => b.name)).toEqual(['A', 'B', 'C']);
    // A suspended team is not loaded: the same rows without team A.
    const board = buildScoreboard({
      ...all.input,
      teams: all.input.teams.filter((t) => t.name !== 'A'),
    });
    expect(board.items.map((i) => i.name)).toEqual(['B', 'C', 'D']);
    expect(board.items.map((i) => i.solvedChallenges[0].type)).toEqual([
      'FirstBlood',
      'SecondBlood',
      'ThirdBlood',
    ]);
    expect(board.items.map((i) => i.score)).toEqual([1050, 1030, 1010]);
  });

  it('ignores solves of challenges that are not on the board (disabled)', () => {
    const s = scenario({ challenges: { c: {} }, teams: { A: null }, solves: [['A', 'c']] });
    s.input.solves.push({
      id: 5,
      participationId: 100,
      challengeId: 999,
      userName: 'x',
      time: START,
    });
    const board = buildScoreboard(s.input);
    expect(board.items[0].solvedCount).toBe(1);
    expect(board.challengeCount).toBe(1);
  });
});
