/**
 * What the scoreboard table shows, computed from the server's board: the challenge columns grouped
 * by category, the rows of the chosen division with the rank that applies there, each row's solves
 * by challenge, and which row is the caller's team.
 */
import { enums } from '@/api/formMeta.gen';
import type {
  ChallengeCategory,
  GameChallenge,
  Scoreboard,
  ScoreboardRow,
  ScoreboardSolve,
  TopTimeLine,
} from '@/api/types';

/** Every team, or only those of one division (division names are never blank). */
export const ALL_TEAMS = '';
export type DivisionChoice = string;

export interface CategoryColumns {
  category: ChallengeCategory;
  challenges: GameChallenge[];
}

const categoryOrder = (category: string) => {
  const index = enums.ChallengeCategory.indexOf(category as ChallengeCategory);
  return index < 0 ? enums.ChallengeCategory.length : index;
};

/** The board's categories in the spec's enum order, each with its challenges (empty ones left out). */
export function categoryColumns(challenges: Scoreboard['challenges']): CategoryColumns[] {
  return Object.entries(challenges)
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => categoryOrder(a) - categoryOrder(b))
    .map(([category, list]) => ({ category: category as ChallengeCategory, challenges: list }));
}

/** Every challenge of the board by id. */
export function challengesById(columns: readonly CategoryColumns[]): Map<number, GameChallenge> {
  return new Map(columns.flatMap(({ challenges }) => challenges.map((c) => [c.id, c] as const)));
}

/** A row's counted solves by challenge id. */
export function solvesOf(row: ScoreboardRow): Map<number, ScoreboardSolve> {
  return new Map(row.solvedChallenges.map((solve) => [solve.id, solve]));
}

/** The rows shown for `division` (all rows for `ALL_TEAMS`), in rank order. */
export function rowsOf(items: readonly ScoreboardRow[], division: DivisionChoice): ScoreboardRow[] {
  if (division === ALL_TEAMS) return [...items];
  return items
    .filter((row) => row.division === division)
    .sort((a, b) => (a.divisionRank ?? a.rank) - (b.divisionRank ?? b.rank));
}

/** The rank shown in the table: the overall one, or the one within the chosen division. */
export function shownRank(row: ScoreboardRow, division: DivisionChoice): number {
  return division === ALL_TEAMS ? row.rank : (row.divisionRank ?? row.rank);
}

/** The divisions to choose from: the game's, or failing that those found on the board. */
export function divisionsOf(
  gameDivisions: readonly string[] | null | undefined,
  board: Scoreboard | undefined,
): string[] {
  if (gameDivisions && gameDivisions.length > 0) return [...gameDivisions];
  const found = new Set<string>();
  for (const row of board?.items ?? []) if (row.division) found.add(row.division);
  return [...found].sort();
}

export interface CallerTeam {
  /** The caller's teams (any game). */
  teamIds: ReadonlySet<number>;
  /** The name of the team the caller registered in this game with, if any. */
  teamName: string | null | undefined;
}

/**
 * The caller's row: one of their teams that is on the board, preferring the one named by their
 * registration (a player may belong to several teams, but plays a game with one).
 */
export function callerRowId(
  items: readonly ScoreboardRow[],
  { teamIds, teamName }: CallerTeam,
): number | undefined {
  const mine = items.filter((row) => teamIds.has(row.id));
  return (mine.find((row) => row.name === teamName) ?? mine[0])?.id;
}

/** The top-10 score series of the chosen division (the server's `all` key for every team). */
export function timelineOf(board: Scoreboard, division: DivisionChoice): TopTimeLine[] {
  return board.timeLines[division === ALL_TEAMS ? 'all' : division] ?? [];
}
