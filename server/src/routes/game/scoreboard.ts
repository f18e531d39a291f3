import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findScoreboardGame, type ScoreboardGame } from '../../db/repositories/scoreboardData.js';
import type { ScoreboardModel } from '../../domain/scoring/types.js';
import { checkVisible, gameNotFound, type GameViewer } from '../../domain/gameGate.js';
import { badRequest, serviceUnavailable } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { BoardBytes } from '../../services/scoreboard/boardBytes.js';
import { BoardUnavailableError } from '../../services/scoreboard/boards.js';
import { scoreboardWorkbook, XLSX_TYPE } from '../../services/scoreboard/sheet.js';
import { sheetFileName } from '../../services/scoreboard/sheetRows.js';
import { sendBoard, sendStandings } from './boardReply.js';
import { boardViewFor, frozenViewOf, seesLiveBoard } from './boardView.js';
import { viewerOf } from './context.js';
import { checkScoresVisible } from './scoreGate.js';

const notStarted = () => badRequest('The game has not started');

/** The game, once it has started, when the viewer may see it (hidden: Monitors and Admins). */
async function startedGame(
  app: FastifyInstance,
  id: number,
  viewer: GameViewer,
): Promise<ScoreboardGame> {
  const game = await findScoreboardGame(app.db, id);
  checkVisible(game, viewer);
  if (Date.now() < game.startTime) throw notStarted();
  return game;
}

/** The stored board of an existing game (built now, in the worker, if there is none yet). */
export async function readBoard(app: FastifyInstance, gameId: number): Promise<BoardBytes> {
  let board: BoardBytes | undefined;
  try {
    board = await app.scoreboards.get(gameId);
  } catch (error) {
    if (error instanceof BoardUnavailableError) {
      throw serviceUnavailable('The scoreboard is being built; try again shortly');
    }
    throw error;
  }
  if (!board) throw gameNotFound();
  return board;
}

/**
 * The board of a game that has started, as the public reads get it (hidden: staff only; scores
 * shown to some until the end: 403 for the others, issue 25).
 */
async function startedBoard(request: FastifyRequest, id: number): Promise<BoardBytes> {
  const app = request.server;
  const viewer = viewerOf(request);
  // The hot path touches nothing but memory; a game without a board here is checked first, so
  // unknown ids never start builds. The board keeps the game's times and hidden state.
  let board = app.scoreboards.peek(id);
  if (!board) {
    await startedGame(app, id, viewer);
    board = await readBoard(app, id);
  }
  checkVisible(board, viewer);
  if (Date.now() < board.startTime) throw notStarted();
  checkScoresVisible(request, board);
  return board;
}

/** Scoreboards, their CTFtime feed and their sheet (/api/game/{id}/scoreboard*). */
export const scoreboardHandlers: Handlers = {
  async gameGetScoreboard(request, reply) {
    const board = await startedBoard(request, request.params.id);
    return sendBoard(request, reply, await boardViewFor(request, board));
  },

  async gameGetCtftimeFeed(request, reply) {
    const board = await startedBoard(request, request.params.id);
    // The feed is public: the frozen standings during a freeze, never a team's own view.
    const view = seesLiveBoard(request) ? board : (frozenViewOf(request, board) ?? board);
    return sendStandings(request, reply, view);
  },

  async gameGetScoreboardSheet(request, reply) {
    const app = request.server;
    const game = await startedGame(app, request.params.id, viewerOf(request));
    const board = await readBoard(app, game.id);
    let workbook: Buffer;
    try {
      const model = JSON.parse(board.json.toString('utf8')) as ScoreboardModel;
      workbook = await scoreboardWorkbook(app.db, game, model);
    } catch (error) {
      request.log.error({ err: error }, `Could not build the scoreboard sheet of game ${game.id}`);
      throw badRequest('Failed to download scoreboard');
    }
    request.log.info(
      { userName: request.user?.userName, ip: request.ip, taskStatus: 'Success' },
      `Downloaded the scoreboard sheet of game ${game.id}`,
    );
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', contentDisposition(sheetFileName(game.title, Date.now())))
      .send(workbook);
  },
};
