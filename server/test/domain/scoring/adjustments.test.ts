// Score adjustments (issue 25, awards): added to the total, a change of score for the tie rule,
// a step of the time line at their time, listed on the row, held back by the freeze; rows that
// differ only by their awards are written again.
import { describe, expect, it } from 'vitest';
import { frozenInput, hasSolvesSince } from '#server/domain/scoring/freeze.js';
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import type { ScoreAdjustment, ScoreboardInput } from '#server/domain/scoring/types.js';
import { sameItem } from '#server/services/scoreboard/rowTexts.js';

const team = (id: number) => ({
  participationId: id,
  teamId: 100 + id,
  name: `T${id}`,
  bio: null,
  avatar: null,
  division: null,
});
const award = (id: number, participationId: number, points: number, time: number) =>
  ({
    id,
    participationId,
    points,
    time,
    kind: 'Award',
    reason: `r${id}`,
  }) satisfies ScoreAdjustment;

function input(adjustments: ScoreAdjustment[]): ScoreboardInput {
  return {
    bloodBonus: 0,
    challenges: [
      {
        id: 1,
        title: 'c',
        category: 'Web',
        originalScore: 100,
        minScoreRate: 1,
        difficulty: 5,
        acceptedCount: 2,
        disableBloodBonus: true,
      },
    ],
    teams: [team(1), team(2), team(3)],
    solves: [
      { id: 1, participationId: 1, challengeId: 1, userName: 'a', time: 10 },
      { id: 2, participationId: 2, challengeId: 1, userName: 'b', time: 20 },
    ],
    adjustments,
    now: 1000,
  };
}

describe('score adjustments', () => {
  it('add to the total, step the time line and are listed on the row', () => {
    const board = buildScoreboard(input([award(1, 2, 30, 50), award(2, 2, -5, 40)]));
    expect(board.items.map((i) => [i.name, i.score, i.lastSubmissionTime])).toEqual([
      ['T2', 125, 50],
      ['T1', 100, 10],
      ['T3', 0, -62_135_596_800_000],
    ]);
    expect(board.items[0].awards).toEqual([
      { id: 2, value: -5, reason: 'r2', time: 40 },
      { id: 1, value: 30, reason: 'r1', time: 50 },
    ]);
    expect(board.items[1]).not.toHaveProperty('awards');
    expect(board.timeLines.all[0].items).toEqual([
      { time: 20, score: 100 },
      { time: 40, score: 95 },
      { time: 50, score: 125 },
    ]);
  });

  it('rank equal scores by the time the score was reached, an award being a change of score', () => {
    // T1 reached 100 at 10; T2 reaches 100 at 20, then +10 −10 by 60: T1 first.
    const board = buildScoreboard(input([award(1, 2, 10, 50), award(2, 2, -10, 60)]));
    expect(board.items.map((i) => [i.name, i.score, i.rank])).toEqual([
      ['T1', 100, 1],
      ['T2', 100, 2],
      ['T3', 0, 3],
    ]);
    // A team with only a negative award ranks below one with nothing.
    const negative = buildScoreboard(input([award(1, 3, -1, 5)]));
    expect(negative.items.at(-1)).toMatchObject({ name: 'T3', score: -1 });
  });

  it('are held back by the freeze like solves', () => {
    const all = input([award(1, 3, 500, 30), award(2, 1, 7, 5)]);
    expect(hasSolvesSince(input([award(1, 3, 500, 30)]), 25)).toBe(true);
    // nothing at or after 25: the solves are at 10 and 20, the award at 15
    expect(hasSolvesSince(input([award(1, 3, 5, 15)]), 25)).toBe(false);
    const frozen = buildScoreboard(frozenInput(all, 25));
    expect(frozen.items.map((i) => [i.name, i.score])).toEqual([
      ['T1', 107],
      ['T2', 100],
      ['T3', 0],
    ]);
    expect(frozen.items[2]).not.toHaveProperty('awards');
  });

  it('make a row differ for the row texts', () => {
    const [a] = buildScoreboard(input([award(1, 1, 5, 30)])).items;
    const [b] = buildScoreboard(input([award(1, 1, 5, 30)])).items;
    const [c] = buildScoreboard(input([{ ...award(1, 1, 5, 30), reason: 'other' }])).items;
    expect(sameItem(a, b)).toBe(true);
    expect(sameItem(a, c)).toBe(false);
    expect(sameItem(a, { ...a, awards: undefined })).toBe(false);
  });
});
