/** Builds a game's scoreboard from the database (ScoreboardModel of the spec). */
import type { Kysely } from 'kysely';
import {
  findScoreboardGame,
  listAcceptedTeams,
  listEnabledChallenges,
  listSolvesBefore,
} from '../../db/repositories/scoreboardData.js';
import type { DB } from '../../db/schema.js';
import { avatarUrl } from '../../domain/profiles.js';
import { buildScoreboard } from '../../domain/scoring/scoreboard.js';
import type {
  ChallengeCategory,
  ScoreboardInput,
  ScoreboardModel,
} from '../../domain/scoring/types.js';
import { encodeBoard, type BoardBytes } from './boardBytes.js';
import type { SolveSource } from './solveCache.js';

export type { ScoreboardModel } from '../../domain/scoring/types.js';

export class GameNotFoundError extends Error {
  constructor(readonly gameId: number) {
    super(`Game ${gameId} does not exist`);
    this.name = 'GameNotFoundError';
  }
}

/** The game the board is built for (as loaded with its rows). */
export interface BoardGame {
  id: number;
  startTime: number;
}

/** The rows the board of the game is built from; undefined when the game does not exist. */
export async function loadScoreboardInput(
  db: Kysely<DB>,
  gameId: number,
  now = Date.now(),
  /** Where the solves come from: read in full by default, kept between builds by the worker. */
  solveSource?: SolveSource,
): Promise<{ game: BoardGame; input: ScoreboardInput } | undefined> {
  const game = await findScoreboardGame(db, gameId);
  if (!game) return undefined;
  const [challenges, teams, solves] = await Promise.all([
    listEnabledChallenges(db, gameId),
    listAcceptedTeams(db, gameId),
    solveSource
      ? solveSource.read(db, gameId, game.endTime)
      : listSolvesBefore(db, gameId, game.endTime),
  ]);
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
    now,
  };
  return { game: { id: game.id, startTime: game.startTime }, input };
}

export async function computeScoreboard(db: Kysely<DB>, gameId: number): Promise<ScoreboardModel> {
  const loaded = await loadScoreboardInput(db, gameId);
  if (!loaded) throw new GameNotFoundError(gameId);
  return buildScoreboard(loaded.input);
}

/** The board built and serialised at `version` (its updateTimeUtc); undefined without the game. */
export async function buildBoardBytes(
  db: Kysely<DB>,
  gameId: number,
  version: number,
  solveSource?: SolveSource,
): Promise<BoardBytes | undefined> {
  const loaded = await loadScoreboardInput(db, gameId, version, solveSource);
  return loaded && encodeBoard(loaded.game, buildScoreboard(loaded.input));
}
