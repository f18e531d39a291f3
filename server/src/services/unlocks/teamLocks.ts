/**
 * Which challenges are locked to a team now (issue 25), from data at hand: the game's rules
 * (rulesCache.ts, memory), the team's solves (one indexed query, only when a rule depends on
 * them) and its score on the live board (memory, only when a rule asks for a score). Never a
 * query per challenge.
 */
import type { FastifyInstance } from 'fastify';
import { listSolvedChallengeIds } from '../../db/repositories/challengeUnlocks.js';
import {
  dependsOnTeam,
  isOpen,
  type GameUnlockRules,
  type TeamProgress,
  type UnlockRule,
} from '../../domain/unlocks/rules.js';
import { rowOf, type BoardBytes } from '../scoreboard/boardBytes.js';

export interface TeamLocks {
  rules: GameUnlockRules;
  progress: TeamProgress;
  /** Rules of the challenges locked to the team. */
  locked: ReadonlyMap<number, UnlockRule>;
}

export interface LockedTeam {
  participationId: number;
  /** Read from the participation when a score rule needs it and it is not given. */
  teamId?: number;
}

type UnlockApp = Pick<FastifyInstance, 'db' | 'scoreboards' | 'unlocks'>;

/** What unlocking reads of a team's row on a board. */
interface BoardRow {
  score?: number;
  solvedChallenges?: { id: number }[];
}

const boardRowOf = (board: BoardBytes | undefined, teamId: number): BoardRow | undefined => {
  const row = board && rowOf(board, teamId);
  return row ? (JSON.parse(row) as BoardRow) : undefined;
};

/** The team's score on the live board (0 when it is not on the board yet). */
export async function liveScore(app: UnlockApp, gameId: number, teamId: number): Promise<number> {
  const board = app.scoreboards.peek(gameId) ?? (await app.scoreboards.get(gameId));
  return Number(boardRowOf(board, teamId)?.score ?? 0);
}

async function teamIdOf(app: UnlockApp, team: LockedTeam): Promise<number> {
  if (team.teamId !== undefined) return team.teamId;
  const row = await app.db
    .selectFrom('participations')
    .select('team_id')
    .where('id', '=', team.participationId)
    .executeTakeFirst();
  return row?.team_id ?? 0;
}

/** The team's progress, reading only what the rules need. */
async function progressOf(
  app: UnlockApp,
  gameId: number,
  team: LockedTeam,
  rules: readonly UnlockRule[],
): Promise<TeamProgress> {
  const teamRules = rules.filter(dependsOnTeam);
  if (teamRules.length === 0) return { solved: new Set(), score: 0 };
  const wantsScore = teamRules.some((rule) => (rule.unlockScore ?? 0) > 0);
  const [solved, score] = await Promise.all([
    listSolvedChallengeIds(app.db, team.participationId),
    wantsScore ? teamIdOf(app, team).then((teamId) => liveScore(app, gameId, teamId)) : 0,
  ]);
  return { solved, score };
}

/** What is locked to the team at `now`, over the whole game. */
export async function teamLocks(
  app: UnlockApp,
  gameId: number,
  team: LockedTeam,
  now: number,
): Promise<TeamLocks> {
  const rules = await app.unlocks.rulesOf(gameId);
  if (rules.isEmpty) return { rules, progress: { solved: new Set(), score: 0 }, locked: new Map() };
  const progress = await progressOf(app, gameId, team, [...rules.byChallenge.values()]);
  return { rules, progress, locked: rules.lockedFor(progress, now) };
}

/**
 * The team's progress as the live board kept in memory shows it; undefined when the board or the
 * team's row is not at hand. The board may lag a solve behind, never ahead: its solves are a
 * subset of the team's, so a rule it finds open is open (opening only grows with solves).
 */
function boardProgress(app: UnlockApp, gameId: number, team: LockedTeam): TeamProgress | undefined {
  if (team.teamId === undefined) return undefined;
  const item = boardRowOf(app.scoreboards.peek(gameId), team.teamId);
  if (!item) return undefined;
  return {
    solved: new Set((item.solvedChallenges ?? []).map((solve) => solve.id)),
    score: Number(item.score ?? 0),
  };
}

/**
 * The rule that keeps one challenge locked to the team at `now`, or undefined when it is open.
 * Costs nothing more than memory for a challenge without a rule (the flag path's common case),
 * nor for one the live board in memory already shows open to the team (a gated challenge once its
 * prerequisites are solved: the flag path's next most common case); else one indexed query.
 */
export async function lockOf(
  app: UnlockApp,
  gameId: number,
  challengeId: number,
  team: LockedTeam,
  now: number,
): Promise<UnlockRule | undefined> {
  const rules = await app.unlocks.rulesOf(gameId);
  const rule = rules.ruleOf(challengeId);
  if (!rule) return undefined;
  const fromBoard = dependsOnTeam(rule) ? boardProgress(app, gameId, team) : undefined;
  if (fromBoard && isOpen(rule, fromBoard, now)) return undefined;
  const progress = await progressOf(app, gameId, team, [rule]);
  return isOpen(rule, progress, now) ? undefined : rule;
}
