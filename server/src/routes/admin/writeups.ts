import contentDisposition from 'content-disposition';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import tar from 'tar-stream';
import { findGame, type Game } from '../../db/repositories/games.js';
import { listWriteups, type WriteupEntry } from '../../db/repositories/writeups.js';
import { avatarUrl } from '../../domain/profiles.js';
import { writeupArchiveBase } from '../../domain/writeupRules.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { logAdminAction } from './adminLog.js';

async function requireGame(app: FastifyInstance, id: number): Promise<Game> {
  const game = await findGame(app.db, id);
  if (!game) throw notFound('The game was not found');
  return game;
}

/** Writes every writeup into the tar pack, one after the other, then finalizes it. */
async function packWriteups(
  app: FastifyInstance,
  pack: tar.Pack,
  base: string,
  entries: WriteupEntry[],
) {
  try {
    for (const entry of entries) {
      const blob = await app.files.blobs.open(entry.hash);
      if (!blob) continue;
      const sink = pack.entry({
        name: `${base}/${entry.name}`,
        size: blob.size,
        mtime: new Date(entry.time),
      });
      await pipeline(blob.stream, sink);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
}

/** Writeups for admins (/api/admin/writeups*). */
export const adminWriteupHandlers: Handlers = {
  async adminGetWriteups(request) {
    const game = await requireGame(request.server, request.params.id);
    const entries = await listWriteups(request.server.db, game.id);
    return entries.map((entry) => ({
      id: entry.participationId,
      team: {
        id: entry.teamId,
        name: entry.teamName,
        bio: entry.teamBio,
        avatar: avatarUrl(entry.teamAvatarHash),
        locked: entry.teamLocked,
        personal: entry.teamPersonal,
        members: null,
      },
      url: `/assets/${entry.hash}/${entry.name}`,
      uploadTimeUtc: entry.time,
    }));
  },

  async adminDownloadAllWriteups(request, reply) {
    const app = request.server;
    const game = await requireGame(app, request.params.id);
    const entries = await listWriteups(app.db, game.id);
    const base = writeupArchiveBase(game.title.replace(/[\\/]/g, '_'), Date.now());
    const pack = tar.pack();
    void packWriteups(app, pack, base, entries);
    logAdminAction(request, `Downloaded all writeups of ${game.title}`);
    return reply
      .type('application/gzip')
      .header('content-disposition', contentDisposition(`${base}.tar.gz`))
      .send(pack.pipe(createGzip()));
  },
};
