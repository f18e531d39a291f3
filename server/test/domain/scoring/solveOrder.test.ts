// Bloods follow the order in which the flag checker counted the solves (the order that decided
// the blood notices), which can differ from submission time when checks overlap.
import { describe, expect, it } from 'vitest';
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import type { ScoringSolve } from '#server/domain/scoring/types.js';
import { MINUTE, START, scenario } from './scenario.js';

/** The board of `scenario` again, with a solve order given to each solve (by team name). */
function withSolveOrder(s: ReturnType<typeof scenario>, order: Record<string, number | null>) {
  const nameOf = new Map(s.input.teams.map((t) => [t.participationId, t.name]));
  const solves: ScoringSolve[] = s.input.solves.map((solve) => ({
    ...solve,
    solveOrder: order[nameOf.get(solve.participationId)!],
  }));
  return buildScoreboard({ ...s.input, solves });
}

describe('blood order', () => {
  const base = () =>
    scenario({
      challenges: { c: {} },
      teams: { A: null, B: null, C: null, D: null },
      solves: [
        ['A', 'c', MINUTE],
        ['B', 'c', MINUTE + 1],
        ['C', 'c', MINUTE + 2],
        ['D', 'c', MINUTE + 3],
      ],
    });

  it('follows the solve order the checker counted, not the submission time', () => {
    const board = withSolveOrder(base(), { A: 3, B: 1, C: 4, D: 2 });
    const types = Object.fromEntries(board.items.map((i) => [i.name, i.solvedChallenges[0].type]));
    expect(types).toEqual({ A: 'ThirdBlood', B: 'FirstBlood', C: 'Normal', D: 'SecondBlood' });
    expect(board.challenges.Misc?.[0].bloods.map((b) => b.name)).toEqual(['B', 'D', 'A']);
    // Solves keep their time order (time lines, solved lists).
    expect(board.items.find((i) => i.name === 'A')?.solvedChallenges[0].time).toBe(START + MINUTE);
  });

  it('falls back to time order for solves without one, after those with one', () => {
    const board = withSolveOrder(base(), { A: null, B: null, C: 2, D: 1 });
    expect(board.challenges.Misc?.[0].bloods.map((b) => b.name)).toEqual(['D', 'C', 'A']);
  });
});
