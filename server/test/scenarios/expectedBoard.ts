// The scoreboard a scenario expects, worked out from what the scenario did (who solved what, when,
// in which order) with the rules of behaviour §1.2–1.5 — never with the engine's own code.
import type { Board } from './support.js';
import { dynamicScore, solvePoints } from './support.js';

export interface PlannedChallenge {
  id: number;
  title: string;
  category: string;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
}

export interface PlannedTeam {
  id: number;
  name: string;
  bio: string;
  division: string | null;
}

/** A counted solve, in the order the checker saw them (each was awaited before the next). */
export interface PlannedSolve {
  team: PlannedTeam;
  challenge: PlannedChallenge;
  userName: string;
  time: number;
}

const BLOODS = ['FirstBlood', 'SecondBlood', 'ThirdBlood'] as const;
const NEVER = -62135596800000;
const CATEGORIES = ['Misc', 'Crypto', 'Pwn', 'Web', 'Reverse'];

export function expectedBoard(input: {
  bloodBonus: number;
  challenges: PlannedChallenge[];
  teams: PlannedTeam[];
  solves: PlannedSolve[];
}): Omit<Board, 'updateTimeUtc'> {
  const { bloodBonus, challenges, teams, solves } = input;
  const solvers = (c: PlannedChallenge) => solves.filter((s) => s.challenge.id === c.id);
  const score = (c: PlannedChallenge) =>
    dynamicScore(c.originalScore, c.minScoreRate, c.difficulty, solvers(c).length);
  const place = (s: PlannedSolve) => solvers(s.challenge).indexOf(s);
  const points = (s: PlannedSolve) =>
    solvePoints(score(s.challenge), bloodBonus, place(s) < 3 ? place(s) : null);

  const rows = teams.map((team) => {
    const own = solves.filter((s) => s.team.id === team.id);
    return {
      team,
      own,
      score: own.reduce((sum, s) => sum + points(s), 0),
      last: own.reduce((last, s) => Math.max(last, s.time), NEVER),
    };
  });
  rows.sort((a, b) => b.score - a.score || a.last - b.last);
  const divisionRanks = new Map<string, number>();
  const items = rows.map((row, index) => {
    const division = row.team.division;
    const divisionRank = division ? (divisionRanks.get(division) ?? 0) + 1 : null;
    if (division) divisionRanks.set(division, divisionRank!);
    return {
      id: row.team.id,
      name: row.team.name,
      bio: row.team.bio,
      division,
      avatar: null,
      score: row.score,
      rank: index + 1,
      divisionRank,
      lastSubmissionTime: row.last,
      solvedChallenges: row.own.map((s) => ({
        id: s.challenge.id,
        score: points(s),
        type: place(s) < 3 ? BLOODS[place(s)] : ('Normal' as const),
        userName: s.userName,
        time: s.time,
      })),
      solvedCount: row.own.length,
    };
  });

  const timeLine = (row: (typeof rows)[number]) => {
    let total = 0;
    return {
      id: row.team.id,
      name: row.team.name,
      items: row.own.map((s) => ({ time: s.time, score: (total += points(s)) })),
    };
  };
  const timeLines: Board['timeLines'] = { all: rows.slice(0, 10).map(timeLine) };
  for (const row of rows) {
    const division = row.team.division;
    if (division) timeLines[division] = [...(timeLines[division] ?? []), timeLine(row)];
  }

  const ordered = [...challenges].sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) ||
      a.title.localeCompare(b.title),
  );
  const groups: Record<string, Board['challenges'][keyof Board['challenges']]> = {};
  for (const c of ordered) {
    (groups[c.category] ??= []).push({
      id: c.id,
      title: c.title,
      category: c.category as never,
      score: score(c),
      solved: solvers(c).length,
      bloods: solvers(c)
        .slice(0, 3)
        .map((s) => ({ id: s.team.id, name: s.team.name, avatar: null, submitTimeUtc: s.time })),
      disableBloodBonus: false,
    });
  }
  return {
    bloodBonus,
    timeLines,
    items,
    challenges: groups as Board['challenges'],
    challengeCount: challenges.length,
  };
}
