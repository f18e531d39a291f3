/**
 * Team totals and ranking (behaviour §1.4): score descending, then the time the team reached it
 * ascending, then — Vexil's deterministic final key — registration order (participation id).
 * Ranks are 1-based without ties; division ranks count only teams of the same division.
 */
import type { CountedSolve } from './solves.js';
import { NEVER, type ScoreboardItem, type ScoringTeam } from './types.js';

export interface RankedTeam {
  team: ScoringTeam;
  solves: CountedSolve[];
  score: number;
  /** Time of the last counted solve, NEVER without one. */
  lastSubmissionTime: number;
  rank: number;
  divisionRank: number | null;
}

/** Sum of points and time of the last counted solve, per team (teams without solves score 0). */
export function teamTotals(
  teams: readonly ScoringTeam[],
  solves: readonly CountedSolve[],
): Omit<RankedTeam, 'rank' | 'divisionRank'>[] {
  const byTeam = new Map<number, CountedSolve[]>(teams.map((t) => [t.participationId, []]));
  for (const solve of solves) byTeam.get(solve.participationId)?.push(solve);
  return teams.map((team) => {
    const own = byTeam.get(team.participationId)!;
    return {
      team,
      solves: own,
      score: own.reduce((sum, s) => sum + s.points, 0),
      lastSubmissionTime: own.reduce((last, s) => Math.max(last, s.time), NEVER),
    };
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
): RankedTeam[] {
  const ordered = teamTotals(teams, solves).sort(compareTeams);
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

/** The wire row of one ranked team. */
export function toScoreboardItem(row: RankedTeam): ScoreboardItem {
  return {
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
}
