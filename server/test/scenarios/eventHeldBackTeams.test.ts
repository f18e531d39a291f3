// The event bench's held-back teams: whatever the seed and the load submit, these teams never
// send a right flag, so the solve → board probes always find an unsolved pair (a fast CI run of
// the small scenario once solved every other pair and the probe had nothing left to submit).
import { describe, expect, it } from 'vitest';
import { planSeed } from '#bench/event/plan.js';
import { seededRandom } from '#bench/event/random.js';
import type { SeededGame } from '#bench/event/seed.js';
import { submissionChooser } from '#bench/event/traffic.js';

const input = {
  tag: 'h',
  teams: 5,
  challenges: 3,
  submissions: 5000,
  correctShare: 0.9,
  zipfExponent: 1,
  randomSeed: 7,
  start: 0,
  now: 3_600_000,
};

describe('event bench held-back teams', () => {
  it('plans no right flag for the held-back teams and every pair solved for the others', () => {
    const plan = planSeed({ ...input, heldBackTeams: 2 });
    expect(plan.submissions.some((s) => s.team >= 3)).toBe(true);
    expect(plan.submissions.filter((s) => s.team >= 3 && s.correct)).toEqual([]);
    expect(plan.solves.filter((s) => s.team >= 3)).toEqual([]);
    expect(plan.solves.filter((s) => s.team < 3)).toHaveLength(9);
  });

  it('plans right flags for every team when none is held back', () => {
    const plan = planSeed(input);
    expect(plan.solves).toHaveLength(15);
  });

  it('never lets the load send a right flag as a held-back team', () => {
    const flags = ['flag{a}', 'flag{b}'];
    const team = (teamId: number) => ({
      teamId,
      participationId: teamId,
      userId: `u${teamId}`,
      userName: `p${teamId}`,
      name: `T${teamId}`,
      sessionToken: 's',
    });
    const game: SeededGame = {
      id: 1,
      teams: [team(1), team(2)],
      challenges: flags.map((flag, i) => ({ id: i + 1, title: `C${i}`, flag })),
      popularity: [0, 1],
      heldBack: new Set([2]),
      submissions: 0,
      seedSeconds: 0,
    };
    const next = submissionChooser(game, seededRandom(3), { correctShare: 1, zipfExponent: 1 });
    const sent = Array.from({ length: 400 }, next);
    const right = sent.filter((s) => flags.includes(s.flag));
    expect(right.length).toBeGreaterThan(0);
    expect(right.every((s) => s.team.teamId === 1)).toBe(true);
    expect(sent.some((s) => s.team.teamId === 2)).toBe(true);
  });
});
