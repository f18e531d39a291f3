/**
 * The rows of the scoreboard sheet (contract §8.1): Rank, Team, [Division], Captain, Crew, Real
 * Name, Email, Student Number, Phone, Solved, Time, Score, then one column per challenge in
 * scoreboard order with the points earned (0 if unsolved). A Vexil addition (issue 25): when a
 * team has an award, a last column "Awards" with each team's sum of awards (already in its Score),
 * and a sheet of its own listing every award. In an individual game (issue 25) each entry is a
 * player: the Team column is "Player", and Captain and Crew (the player again) are left out.
 */
import type { ScoreboardModel } from '../../domain/scoring/types.js';

export const EMPTY_VALUE = '<empty>';
export const MEMBER_SEPARATOR = ' / ';

export interface SheetMember {
  userName: string;
  realName: string;
  email: string;
  stdNumber: string;
  phone: string | null;
}

export interface SheetTeam {
  captainName: string;
  members: SheetMember[];
}

export interface SheetInput {
  board: ScoreboardModel;
  /** Whether the game has divisions: adds the Division column. */
  hasDivisions: boolean;
  /** An individual game (issue 25): entries are players. */
  individual?: boolean;
  /** Captain and registered members by team id. */
  teams: ReadonlyMap<number, SheetTeam>;
}

export type SheetCell = string | number;

const HEADERS = {
  rank: 'Rank',
  team: 'Team',
  player: 'Player',
  division: 'Division',
  captain: 'Captain',
  crew: 'Crew',
  realName: 'Real Name',
  email: 'Email',
  stdNumber: 'Student Number',
  phone: 'Phone',
  solved: 'Solved',
  time: 'Time',
  score: 'Score',
  awards: 'Awards',
};

const awardHeaders = (individual: boolean) => [
  'Rank',
  individual ? HEADERS.player : HEADERS.team,
  'Points',
  'Reason',
  'Time',
];

/** `yyyy-MM-dd HH:mm:ssZ` in UTC; the "never" time gives `0001-01-01 00:00:00Z`. */
export function formatSheetTime(epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`;
}

const joined = (values: (string | null)[]) =>
  values.map((v) => (v && v.trim() !== '' ? v : EMPTY_VALUE)).join(MEMBER_SEPARATOR);

const hasAwards = (board: ScoreboardModel) =>
  board.items.some((item) => (item.awards?.length ?? 0) > 0);

export function sheetRows({
  board,
  hasDivisions,
  individual = false,
  teams,
}: SheetInput): SheetCell[][] {
  const challenges = Object.values(board.challenges).flatMap((group) => group ?? []);
  const withAwards = hasAwards(board);
  const header: SheetCell[] = [
    HEADERS.rank,
    individual ? HEADERS.player : HEADERS.team,
    ...(hasDivisions ? [HEADERS.division] : []),
    ...(individual ? [] : [HEADERS.captain, HEADERS.crew]),
    HEADERS.realName,
    HEADERS.email,
    HEADERS.stdNumber,
    HEADERS.phone,
    HEADERS.solved,
    HEADERS.time,
    HEADERS.score,
    ...challenges.map((c) => c.title),
    ...(withAwards ? [HEADERS.awards] : []),
  ];
  const rows = board.items.map((item): SheetCell[] => {
    const team = teams.get(item.id) ?? { captainName: '', members: [] };
    const members = team.members;
    const points = new Map(item.solvedChallenges.map((s) => [s.id, s.score]));
    return [
      item.rank,
      item.name,
      ...(hasDivisions ? [item.division ?? ''] : []),
      ...(individual ? [] : [team.captainName, joined(members.map((m) => m.userName))]),
      joined(members.map((m) => m.realName)),
      joined(members.map((m) => m.email)),
      joined(members.map((m) => m.stdNumber)),
      joined(members.map((m) => m.phone)),
      item.solvedCount,
      formatSheetTime(item.lastSubmissionTime),
      item.score,
      ...challenges.map((c) => points.get(c.id) ?? 0),
      ...(withAwards ? [(item.awards ?? []).reduce((sum, award) => sum + award.value, 0)] : []),
    ];
  });
  return [header, ...rows];
}

/** The awards sheet: every award of the board, team by team in rank order; null without any. */
export function awardRows(board: ScoreboardModel, individual = false): SheetCell[][] | null {
  if (!hasAwards(board)) return null;
  const rows = board.items.flatMap((item) =>
    (item.awards ?? []).map((award): SheetCell[] => [
      item.rank,
      item.name,
      award.value,
      award.reason,
      formatSheetTime(award.time),
    ]),
  );
  return [awardHeaders(individual), ...rows];
}

/** `<game title>-Scoreboard-<yyyyMMdd-HH.mm.ss>Z.xlsx`, in UTC. */
export function sheetFileName(gameTitle: string, now: number): string {
  const iso = new Date(now).toISOString();
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '.');
  return `${gameTitle}-Scoreboard-${date}-${time}Z.xlsx`;
}
