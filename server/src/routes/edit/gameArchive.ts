/** Game archives (Vexil addition): export a game as a zip, and make a new game of one or of a CTFd export. */
import contentDisposition from 'content-disposition';
import { archiveName } from '../../domain/gameArchive.js';
import { toGameInfoModel } from '../../domain/gameInput.js';
import type { Handlers } from '../../http/handlers.js';
import { gameManifest, writeGameArchive } from '../../services/gameArchive/exportGame.js';
import { importCtfdExport } from '../../services/gameArchive/importCtfd.js';
import { importGame } from '../../services/gameArchive/importGame.js';
import { readGameArchive } from '../../services/gameArchive/readArchive.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { logAdminAction } from '../admin/adminLog.js';
import { parseManifest } from './gameArchiveManifest.js';
import { requireGame } from './lookup.js';

export const editGameArchiveHandlers: Handlers = {
  async editExportGame(request, reply) {
    const game = await requireGame(request, request.params.id);
    const now = Date.now();
    const manifest = await gameManifest(request.server.db, game, now);
    const archive = writeGameArchive(manifest, request.server.files.blobs, (err) =>
      request.log.error({ err }, `Could not export game ${game.id}`),
    );
    logAdminAction(request, `Exported game ${game.id}`);
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(archiveName(game.title, now)))
      .send(archive);
  },

  /** One at a time per instance (app.gameImports); the unpacked files go whatever the outcome. */
  async editImportGame(request) {
    const { file } = request.body as { file: UploadedFile };
    const { db, files, gameImports } = request.server;
    const game = await gameImports.run(async () => {
      const archive = await readGameArchive(file.data, gameImports.workRoot);
      try {
        const manifest = parseManifest(archive.manifest);
        return await importGame({ db, files }, manifest, archive.files, Date.now());
      } finally {
        await archive.dispose();
      }
    });
    logAdminAction(request, `Imported game ${game.id}: ${game.title}`);
    return toGameInfoModel(game);
  },

  /** A CTFd export through the same slot; the report says what did not map. */
  async editImportCtfdGame(request) {
    const { file } = request.body as { file: UploadedFile };
    const { db, files, gameImports } = request.server;
    const { game, report } = await gameImports.run(() =>
      importCtfdExport({ db, files }, file.data, gameImports.workRoot, Date.now()),
    );
    const skipped = report.challenges.filter((c) => c.challengeId === null).length;
    logAdminAction(
      request,
      `Imported game ${game.id} from CTFd ${report.ctfdVersion ?? '(unknown version)'}: ${game.title}` +
        ` (${report.challenges.length - skipped} challenges, ${skipped} left out)`,
    );
    return { game: toGameInfoModel(game), report };
  },
};
