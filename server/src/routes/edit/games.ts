/** Games (E4–E11): settings, key pair, hash salt, writeups and poster. */
import {
  clearGameWriteups,
  countGames,
  createGame,
  deleteGameCascade,
  listAllGames,
} from '../../db/repositories/games.js';
import { engineIdsWithin } from '../../db/repositories/containers.js';
import { withTransaction } from '../../db/transaction.js';
import { gameSalt } from '../../domain/flagTemplate.js';
import {
  checkFreezeTime,
  gameSettingsFromInput,
  posterUrl,
  toGameInfoModel,
} from '../../domain/gameInput.js';
import { generateGameKeyPair } from '../../domain/teamToken.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { replaceGamePoster, updateGameSettings } from '../../services/gameEdits.js';
import { processImage } from '../../services/images.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { logAdminAction } from '../admin/adminLog.js';
import { jsonString, releaseFiles, requireGame } from './lookup.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export const editGameHandlers: Handlers = {
  async editAddGame(request) {
    const {
      divisions,
      freezeTime = null,
      ...settings
    } = gameSettingsFromInput(request.body, Date.now());
    checkFreezeTime({ ...settings, freezeTime });
    const game = await createGame(request.server.db, {
      ...settings,
      freezeTime,
      divisions: divisions ?? null,
      ...generateGameKeyPair(),
    });
    logAdminAction(request, `Added game ${game.id}: ${game.title}`);
    return toGameInfoModel(game);
  },

  async editGetGames(request) {
    const { count = 100, skip = 0 } = request.query;
    const { db } = request.server;
    const games = await listAllGames(db, skip, count);
    return { data: games.map(toGameInfoModel), length: games.length, total: await countGames(db) };
  },

  async editGetGame(request) {
    return toGameInfoModel(await requireGame(request, request.params.id));
  },

  async editUpdateGame(request) {
    const { id } = request.params;
    const settings = gameSettingsFromInput(request.body, Date.now());
    // An absent freeze keeps the stored one, which must still fit the (new) window.
    const current = await requireGame(request, id);
    checkFreezeTime({
      ...settings,
      freezeTime: settings.freezeTime === undefined ? current.freezeTime : settings.freezeTime,
    });
    const game = await updateGameSettings(request.server, id, settings);
    if (!game) throw notFound('The game was not found');
    logAdminAction(request, `Updated game ${id}: ${game.title}`);
    return toGameInfoModel(game);
  },

  async editDeleteGame(request) {
    const { id } = request.params;
    let hashes: string[] | null;
    let engineIds: string[] = [];
    try {
      hashes = await withTransaction(request.server.db, async (trx) => {
        engineIds = await engineIdsWithin(trx, { gameId: id });
        return deleteGameCascade(trx, id);
      });
    } catch (err) {
      request.log.error({ err }, `Could not delete game ${id}`);
      throw badRequest(
        'Failed to delete game, related files may have been corrupted, please try again',
      );
    }
    if (!hashes) throw notFound('The game was not found');
    request.server.containers.removeInBackground(engineIds, `game ${id} deleted`);
    await request.server.scoreboards.remove(id);
    await releaseFiles(request, hashes);
    logAdminAction(request, `Deleted game ${id}`);
  },

  async editGetTeamHashSalt(request, reply) {
    const game = await requireGame(request, request.params.id);
    return reply.type(JSON_TYPE).send(jsonString(gameSalt(game.privateKey)));
  },

  async editDeleteGameWriteups(request) {
    const { id } = request.params;
    await requireGame(request, id);
    await releaseFiles(request, await clearGameWriteups(request.server.db, id));
    logAdminAction(request, `Deleted the writeups of game ${id}`);
  },

  async editUpdateGamePoster(request, reply) {
    const { id } = request.params;
    const { file } = request.body as { file: UploadedFile };
    if (file.data.length === 0) throw badRequest('Invalid file');
    await requireGame(request, id);
    let image;
    try {
      image = await processImage(file.data);
    } catch {
      throw badRequest('Failed to create file');
    }
    const { files } = request.server;
    const stored = await files.store(image.data, `poster.${image.extension}`, {
      contentType: image.contentType,
    });
    const swapped = await replaceGamePoster(request.server, id, stored.hash).catch(
      async (error: unknown) => {
        await files.release(stored.hash);
        throw error;
      },
    );
    if (!swapped) {
      await files.release(stored.hash);
      throw notFound('The game was not found');
    }
    await releaseFiles(request, [swapped.previous]);
    logAdminAction(request, `Updated the poster of game ${id}`);
    return reply.type(JSON_TYPE).send(jsonString(posterUrl(stored.hash) as string));
  },
};
