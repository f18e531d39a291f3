/**
 * Game export: the manifest of a game (settings, challenges, flags, attachments, poster, and the
 * record of its awards) read in one go, then written with the content of every file it names into
 * a zip stream (yazl), which reads each file only when its turn comes and waits while the client
 * reads slowly.
 */
import { listGameHints } from '../../db/repositories/hints.js';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import { attachmentSources, type AttachmentSource } from '../../db/repositories/attachments.js';
import { listAwards } from '../../db/repositories/awards.js';
import { listChallenges } from '../../db/repositories/challenges.js';
import { listUnlockRules } from '../../db/repositories/challengeUnlocks.js';
import { findFileByHash } from '../../db/repositories/files.js';
import { listFlags } from '../../db/repositories/flags.js';
import type { Game } from '../../db/repositories/games.js';
import type { DB } from '../../db/schema.js';
import {
  ARCHIVE_FORMAT,
  archivePrerequisites,
  ARCHIVE_VERSION,
  MANIFEST_ENTRY,
  fileEntry,
  manifestFiles,
  toArchiveGame,
  toArchiveSettings,
  type GameArchiveAttachment,
  type GameArchiveManifest,
} from '../../domain/gameArchive.js';
import type { BlobStore } from '../blobStore.js';

/** An attachment as the archive names it; a local one whose file is missing is left out. */
function toArchiveAttachment(source: AttachmentSource | undefined): GameArchiveAttachment | null {
  if (!source) return null;
  if (source.type === 'Remote') return { type: 'Remote', remoteUrl: source.remoteUrl ?? '' };
  const { file } = source;
  return file ? { type: 'Local', file: { hash: file.hash, name: file.name } } : null;
}

export async function gameManifest(
  db: Kysely<DB>,
  game: Game,
  now: number,
): Promise<GameArchiveManifest> {
  const challenges = await listChallenges(db, game.id);
  const rules = new Map((await listUnlockRules(db, game.id)).map((r) => [r.challengeId, r]));
  const positions = new Map(challenges.map((challenge, index) => [challenge.id, index]));
  const pricedHints = await listGameHints(db, game.id);
  const entries: GameArchiveManifest['challenges'] = [];
  for (const challenge of challenges) {
    const flags = await listFlags(db, challenge.id);
    const sources = await attachmentSources(db, [
      challenge.attachmentId,
      ...flags.map((flag) => flag.attachmentId),
    ]);
    const attachmentOf = (id: number | null) =>
      toArchiveAttachment(id === null ? undefined : sources.get(id));
    const rule = rules.get(challenge.id);
    const prerequisites = archivePrerequisites(rule, positions);
    entries.push({
      type: challenge.type,
      settings: toArchiveSettings(challenge, rule),
      ...(prerequisites && { prerequisites }),
      pricedHints: (pricedHints.get(challenge.id) ?? []).map(({ content, cost }) => ({
        content,
        cost,
      })),
      attachment: attachmentOf(challenge.attachmentId),
      flags: flags.map((flag) => ({
        flag: flag.flag,
        matchMode: flag.matchMode,
        attachment: attachmentOf(flag.attachmentId),
      })),
    });
  }
  const poster = game.posterHash ? await findFileByHash(db, game.posterHash) : null;
  const awards = (await listAwards(db, game.id)).map((award) => ({
    team: award.teamName,
    value: award.value,
    reason: award.reason,
    time: award.time,
    givenBy: award.givenBy,
  }));
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: now,
    game: toArchiveGame(game),
    poster: poster ? { hash: poster.hash, name: poster.name } : null,
    challenges: entries,
    ...(awards.length > 0 && { awards }),
  };
}

/**
 * The archive as a stream. Files are stored as they are (attachments are mostly compressed
 * already), the manifest deflated. A file whose content has gone from the store ends the stream
 * with an error (told to `onError`), so the client never gets an archive that looks whole.
 */
export function writeGameArchive(
  manifest: GameArchiveManifest,
  blobs: BlobStore,
  onError: (error: Error) => void,
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => {
    onError(error);
    output.destroy(error);
  });
  const mtime = new Date(manifest.exportedAt ?? Date.now());
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, { mtime });
  for (const file of manifestFiles(manifest)) {
    zip.addReadStreamLazy(fileEntry(file.hash), { compress: false, mtime }, (done) => {
      blobs.open(file.hash).then(
        (blob) =>
          blob
            ? done(null, blob.stream)
            : done(
                new Error(`The content of ${file.name} (${file.hash}) is missing`),
                null as never,
              ),
        (error: unknown) => done(error, null as never),
      );
    });
  }
  zip.end();
  return output;
}
