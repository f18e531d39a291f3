/**
 * The whole scoreboard (ScoreboardModel, behaviour §1.5) from plain rows: counted solves and
 * bloods, team totals (with awards) and ranks, top-10 time lines, and the challenge groups.
 */
import { parseBloodBonus } from './bloodBonus.js';
import { groupChallenges } from './challenges.js';
import { rankTeams, toScoreboardItem } from './ranking.js';
import { countSolves } from './solves.js';
import { topTimeLines } from './timeLines.js';
import type { ScoreboardInput, ScoreboardModel } from './types.js';

export function buildScoreboard(input: ScoreboardInput): ScoreboardModel {
  const bonus = parseBloodBonus(input.bloodBonus);
  const solves = countSolves(input.solves, input.teams, input.challenges, bonus);
  const ranked = rankTeams(input.teams, solves, input.adjustments);
  return {
    updateTimeUtc: input.now,
    bloodBonus: bonus.value,
    timeLines: topTimeLines(ranked),
    items: ranked.map(toScoreboardItem),
    challenges: groupChallenges(input.challenges, solves, input.teams),
    challengeCount: input.challenges.length,
  };
}
