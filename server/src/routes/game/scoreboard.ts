import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { findScoreboardGame, type ScoreboardGame } from '../../db/repositories/scoreboardData.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { scoreboardWorkbook, XLSX_TYPE } from '../../services/scoreboard/sheet.js';
import { sheetFileName } from '../../services/scoreboard/sheetRows.js';

/** The game, once it has started; hidden games included. */
async function startedGame(app: FastifyInstance, id: number): Promise<ScoreboardGame> {
  const game = await findScoreboardGame(app.db, id);
  if (!game) throw notFound('The game was not found');
  if (Date.now() < game.startTime) throw badRequest('The game has not started');
  return game;
}

/** Scoreboards and their sheet (/api/game/{id}/scoreboard*). */
export const scoreboardHandlers: Handlers = {
  async gameGetScoreboard(request) {
    const game = await startedGame(request.server, request.params.id);
    return request.server.scoreboards.get(game.id);
  },

  async gameGetScoreboardSheet(request, reply) {
    const app = request.server;
    const game = await startedGame(app, request.params.id);
    let workbook: Buffer;
    try {
      workbook = await scoreboardWorkbook(app.db, game, await app.scoreboards.get(game.id));
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
