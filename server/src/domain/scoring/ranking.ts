/**
 * Team totals and ranking (behaviour §1.4): score descending, then the time the team reached it
 * ascending, then — Vexil's deterministic final key — registration order (participation id).
 * Ranks are 1-based without ties; division ranks count only teams of the same division.
 *
 * Score adjustments (awards, issue 25) add to the total, and their time is a change of score like
 * a solve's: the time the team reached its score is that of its last solve or adjustment.
 */
import { adjustmentsByTeam, awardsOf, hintPricesOf } from './adjustments.js';
import type { CountedSolve } from './solves.js';
import { NEVER, type ScoreAdjustment, type ScoreboardItem, type ScoringTeam } from './types.js';

export interface RankedTeam {
  team: ScoringTeam;
  solves: CountedSolve[];
  /** The team's awards and other adjustments, in time order. */
  adjustments: ScoreAdjustment[];
  score: number;
  /** Time of the last counted solve or adjustment (the last change of score), NEVER without. */
  lastSubmissionTime: number;
  rank: number;
  divisionRank: number | null;
}

const NO_ADJUSTMENTS: ScoreAdjustment[] = [];

/**
 * Sum of points and time of the last change of score, per team (teams without solves or
 * adjustments score 0).
 */
export function teamTotals(
  teams: readonly ScoringTeam[],
  solves: readonly CountedSolve[],
  adjustments: readonly ScoreAdjustment[] = NO_ADJUSTMENTS,
): Omit<RankedTeam, 'rank' | 'divisionRank'>[] {
  const byTeam = new Map<number, CountedSolve[]>(teams.map((t) => [t.participationId, []]));
  for (const solve of solves) byTeam.get(solve.participationId)?.push(solve);
  const adjusted = adjustmentsByTeam(adjustments);
  return teams.map((team) => {
    const own = byTeam.get(team.participationId)!;
    const ownAdjustments = adjusted.get(team.participationId) ?? NO_ADJUSTMENTS;
    let score = own.reduce((sum, s) => sum + s.points, 0);
    let last = own.reduce((latest, s) => Math.max(latest, s.time), NEVER);
    for (const adjustment of ownAdjustments) {
      score += adjustment.points;
      last = Math.max(last, adjustment.time);
    }
    return { team, solves: own, adjustments: ownAdjustments, score, lastSubmissionTime: last };
  });
}

export function compareTeams(
  a: Pick<RankedTeam, 'team' | 'score' | 'lastSubmissionTime'>,
  b: Pick<RankedTeam, 'team' | 'score' | 'lastSubmissionTime'>,
): number {
  return (
    b.score - a.score ||
    a.lastSubmissionTime - b.lastSubmissionTime ||
    a.team.participationId - b.team.participationId
  );
}

/** Teams in rank order, with overall and division ranks. */
export function rankTeams(
  teams: readonly ScoringTeam[],
  solves: readonly CountedSolve[],
  adjustments?: readonly ScoreAdjustment[],
): RankedTeam[] {
  const ordered = teamTotals(teams, solves, adjustments).sort(compareTeams);
  const divisionCounts = new Map<string, number>();
  return ordered.map((row, index) => {
    const division = row.team.division;
    let divisionRank: number | null = null;
    if (division !== null) {
      divisionRank = (divisionCounts.get(division) ?? 0) + 1;
      divisionCounts.set(division, divisionRank);
    }
    return { ...row, rank: index + 1, divisionRank };
  });
}

/** The wire row of one ranked team (`awards` only when it has some, a Vexil addition). */
export function toScoreboardItem(row: RankedTeam): ScoreboardItem {
  const item: ScoreboardItem = {
    id: row.team.teamId,
    name: row.team.name,
    bio: row.team.bio,
    division: row.team.division,
    avatar: row.team.avatar,
    score: row.score,
    rank: row.rank,
    divisionRank: row.divisionRank,
    lastSubmissionTime: row.lastSubmissionTime,
    solvedChallenges: row.solves.map((s) => ({
      id: s.challengeId,
      score: s.points,
      type: s.type,
      userName: s.userName,
      time: s.time,
    })),
    solvedCount: row.solves.length,
  };
  const awards = row.adjustments.length > 0 ? awardsOf(row.adjustments) : [];
  if (awards.length > 0) item.awards = awards;
  const hintPrices = row.adjustments.length > 0 ? hintPricesOf(row.adjustments) : [];
  if (hintPrices.length > 0) item.hintPrices = hintPrices;
  return item;
}
