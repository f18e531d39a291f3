/** The team's writeup (G18, G19). */
import type { UploadedFile } from '../../spec/multipart.js';
import { replaceWriteup } from '../../db/repositories/writeups.js';
import {
  WRITEUP_CONTENT_TYPE,
  writeupFileName,
  writeupFileProblem,
} from '../../domain/writeupRules.js';
import { badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { logAction, passGate } from './context.js';

export const gameWriteupHandlers: Handlers = {
  async gameGetWriteup(request) {
    const { game, participation } = await passGate(request, request.params.id, {
      endedBlocked: false,
    });
    return {
      submitted: participation.writeupHash !== null,
      name: participation.writeupName ?? '#',
      fileSize: participation.writeupSize ?? 0,
      note: game.writeupNote,
    };
  },

  async gameSubmitWriteup(request) {
    const file = (request.body as { file: UploadedFile }).file;
    const problem = writeupFileProblem(file);
    if (problem) throw badRequest(problem);
    const { game, participation, caller, now } = await passGate(request, request.params.id, {
      endedBlocked: false,
    });
    if (!game.writeupRequired) throw badRequest('Writeup is disabled for this game.');
    if (now > game.writeupDeadline) throw badRequest('Submission due date has passed');
    const { files } = request.server;
    const name = writeupFileName(game.id, participation.teamId, now);
    const stored = await files.store(file.data, name, { contentType: WRITEUP_CONTENT_TYPE, now });
    const replaced = await replaceWriteup(request.server.db, participation.id, {
      hash: stored.hash,
      name,
      size: file.data.length,
      time: now,
    });
    // The registration went away meanwhile: drop the new reference; else the replaced one.
    await files.release(replaced ? replaced.previous : stored.hash);
    logAction(request, `${caller.userName} uploaded the writeup of team ${participation.teamId}`);
  },
};
