/** Builds a game's scoreboard from the database (ScoreboardModel of the spec). */
import type { Kysely } from 'kysely';
import { listScoreAwards } from '../../db/repositories/awards.js';
import { listUnlockRules } from '../../db/repositories/challengeUnlocks.js';
import { listScoreHintPrices } from '../../db/repositories/hints.js';
import {
  findScoreboardGame,
  listAcceptedTeams,
  listEnabledChallenges,
  listSolvesBefore,
} from '../../db/repositories/scoreboardData.js';
import type { DB } from '../../db/schema.js';
import { avatarUrl } from '../../domain/profiles.js';
import { frozenInput, hasSolvesSince } from '../../domain/scoring/freeze.js';
import { hintPriceAdjustments } from '../../domain/scoring/hintPrices.js';
import { hasConditions, isOpenToAll, type UnlockRule } from '../../domain/unlocks/rules.js';
import { buildScoreboard } from '../../domain/scoring/scoreboard.js';
import type {
  ChallengeCategory,
  ScoreboardInput,
  ScoreboardModel,
} from '../../domain/scoring/types.js';
import {
  encodeBoardAsync,
  type BoardBytes,
  type BoardGameTimes,
  type BoardRowTexts,
  type FrozenBefore,
} from './boardBytes.js';
import type { SolveSource } from './solveCache.js';

export type { ScoreboardModel } from '../../domain/scoring/types.js';

export class GameNotFoundError extends Error {
  constructor(readonly gameId: number) {
    super(`Game ${gameId} does not exist`);
    this.name = 'GameNotFoundError';
  }
}

/** The game the board is built for (as loaded with its rows). */
export type BoardGame = Required<BoardGameTimes>;

/** The rows the board of the game is built from; undefined when the game does not exist. */
export async function loadScoreboardInput(
  db: Kysely<DB>,
  gameId: number,
  now = Date.now(),
  /** Where the solves come from: read in full by default, kept between builds by the worker. */
  solveSource?: SolveSource,
): Promise<{ game: BoardGame; input: ScoreboardInput } | undefined> {
  // Everything at once but the solves, which need the game's end: on PostgreSQL (a pool of a
  // few connections in the worker) that is two round trips deep instead of one after another.
  const reading = findScoreboardGame(db, gameId);
  // Awards and paid hint unlocks (issue 25) are a handful of rows per team: read in full at every
  // build, in the same round trip as the solves.
  const [game, challenges, teams, solves, awards, hintPrices, unlockRules] = await Promise.all([
    reading,
    listEnabledChallenges(db, gameId),
    listAcceptedTeams(db, gameId),
    reading.then((found) => {
      if (!found) return [];
      return solveSource
        ? solveSource.read(db, gameId, found.endTime)
        : listSolvesBefore(db, gameId, found.endTime);
    }),
    reading.then((found) => (found ? listScoreAwards(db, gameId, found.endTime) : [])),
    reading.then((found) => (found ? listScoreHintPrices(db, gameId, found.endTime) : [])),
    listUnlockRules(db, gameId),
  ]);
  if (!game) return undefined;
  const input: ScoreboardInput = {
    bloodBonus: game.bloodBonus,
    challenges: challenges.map((c) => ({ ...c, category: c.category as ChallengeCategory })),
    teams: teams.map((t) => ({
      participationId: t.participationId,
      teamId: t.teamId,
      name: t.name,
      bio: t.bio,
      avatar: avatarUrl(t.avatarHash),
      division: t.division,
    })),
    solves,
    adjustments: [
      ...awards.map((award) => ({
        id: award.id,
        participationId: award.participationId,
        points: award.value,
        time: award.time,
        kind: 'Award' as const,
        reason: award.reason,
      })),
      ...hintPriceAdjustments(game.hintPolicy, hintPrices, challenges, solves),
    ],
    concealed: concealedChallenges(unlockRules, solves, now),
    now,
  };
  const { id, startTime, endTime, freezeTime, hidden, scoreVisibility } = game;
  return { game: { id, startTime, endTime, freezeTime, hidden, scoreVisibility }, input };
}

export async function computeScoreboard(db: Kysely<DB>, gameId: number): Promise<ScoreboardModel> {
  const loaded = await loadScoreboardInput(db, gameId);
  if (!loaded) throw new GameNotFoundError(gameId);
  return buildScoreboard(loaded.input);
}

/** What a build may be given to do less than a build from nothing (all optional). */
export interface BuildAids {
  /** Where the solves come from: read in full by default, kept between builds by the worker. */
  solves?: SolveSource;
  /** The frozen board the previous build made, kept when its content did not change. */
  frozenBefore?: FrozenBefore;
  /** The row texts of the previous build, reused for unchanged rows. */
  rowTexts?: BoardRowTexts;
}

/**
 * The board built and serialised at `version` (its updateTimeUtc); undefined without the game.
 * With a scoreboard freeze that has passed (or that a solve already passed), the frozen board is
 * built too, from the same rows: both views always come from one build.
 */
export async function buildBoardBytes(
  db: Kysely<DB>,
  gameId: number,
  version: number,
  aids: BuildAids = {},
): Promise<BoardBytes | undefined> {
  const loaded = await loadScoreboardInput(db, gameId, version, aids.solves);
  if (!loaded) return undefined;
  const { game, input } = loaded;
  const frozen = frozenBoard(game, input, version);
  return encodeBoardAsync(
    game,
    buildScoreboard(input),
    frozen && { board: frozen, before: aids.frozenBefore },
    aids.rowTexts,
    input.concealed,
  );
}

/** The frozen board, when players may see one from this build on. */
function frozenBoard(
  game: BoardGame,
  input: ScoreboardInput,
  version: number,
): ScoreboardModel | undefined {
  const { freezeTime, endTime } = game;
  // After the end nobody sees a frozen board; before the freeze the live board is the frozen one.
  if (freezeTime === null || version >= endTime) return undefined;
  if (version < freezeTime && !hasSolvesSince(input, freezeTime)) return undefined;
  const board = buildScoreboard(frozenInput(input, freezeTime));
  return { ...board, updateTimeUtc: version, frozenAt: freezeTime };
}

/**
 * The challenges the board leaves out (issue 25): hidden from teams while locked, not open to
 * everyone now, and solved by no team (a solve shows it on the solver's row anyway).
 */
function concealedChallenges(
  rules: readonly UnlockRule[],
  solves: readonly { challengeId: number }[],
  now: number,
): ReadonlySet<number> | undefined {
  const hidden = rules.filter(
    (rule) => hasConditions(rule) && !rule.showWhenLocked && !isOpenToAll(rule, now),
  );
  if (hidden.length === 0) return undefined;
  const solved = new Set(solves.map((solve) => solve.challengeId));
  return new Set(hidden.map((rule) => rule.challengeId).filter((id) => !solved.has(id)));
}
