/**
 * Game import: a new game made from a checked manifest and the archive's unpacked files, created
 * hidden, titled "… (imported)" and with registrations needing review. The archive's awards (issue
 * 25) are checked by the manifest's schema but not re-created: they name teams, and the new game
 * starts without registrations (an archive carries none). Everything the
 * game refers to is created in one transaction, so a refused archive leaves nothing behind: the
 * files are stored first, each with a reference held by the import; every attachment then takes
 * its own reference inside the transaction, and the import's holds are given back at the end
 * (which removes the files again when the transaction failed).
 */
import { createChallengeHint } from '../../db/repositories/hints.js';
import { readFile } from 'node:fs/promises';
import type { Kysely, Transaction } from 'kysely';
import { createAttachment, retainFile } from '../../db/repositories/attachments.js';
import { createChallenge, updateChallenge } from '../../db/repositories/challenges.js';
import { insertFlags } from '../../db/repositories/flags.js';
import { createGame, swapGamePoster, type Game } from '../../db/repositories/games.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { updateChanges, updateViolation } from '../../domain/challengeEdit.js';
import { InvalidInput } from '../../domain/errors.js';
import {
  fileEntry,
  importedTitle,
  manifestFiles,
  manifestProblem,
  mayBeEnabled,
  type GameArchiveAttachment,
  type GameArchiveChallenge,
  type GameArchiveManifest,
} from '../../domain/gameArchive.js';
import { checkFreezeTime, gameSettingsFromInput } from '../../domain/gameInput.js';
import { generateGameKeyPair } from '../../domain/teamToken.js';
import type { FileService } from '../files.js';
import { processImage } from '../images.js';
import type { UnpackedFile } from './readArchive.js';
import { importUnlocks } from './importUnlocks.js';

/** The largest poster an import reads: the limit of uploading one (`PUT …/poster`). */
const POSTER_BYTES = 3 * 1024 * 1024;

export interface ImportDeps {
  db: Kysely<DB>;
  files: FileService;
}

/** The challenge's settings as stored, with the rules of editing one by hand. */
function challengeSettings(challenge: GameArchiveChallenge, index: number) {
  const update = {
    ...challenge.settings,
    isEnabled: challenge.settings.isEnabled === true && mayBeEnabled(challenge),
  };
  const violation = updateViolation(
    { type: challenge.type, isEnabled: false, containerImage: '' },
    update,
    challenge.flags.length,
  );
  if (violation) throw new InvalidInput(`challenges/${index}: ${violation}`);
  return updateChanges({ type: challenge.type }, update);
}

/** Every check that needs no database, before anything is stored. */
function check(manifest: GameArchiveManifest, files: Map<string, UnpackedFile>, now: number) {
  const problem = manifestProblem(manifest);
  if (problem) throw new InvalidInput(`game.json: ${problem}`);
  const { divisions, freezeTime = null, ...game } = gameSettingsFromInput(manifest.game, now);
  checkFreezeTime({ ...game, freezeTime });
  for (const file of manifestFiles(manifest)) {
    if (!files.has(file.hash)) {
      throw new InvalidInput(`game.json names ${fileEntry(file.hash)}, which the archive lacks`);
    }
  }
  return {
    game: { ...game, freezeTime, divisions: divisions ?? null },
    challenges: manifest.challenges.map(challengeSettings),
  };
}

async function attach(
  trx: Transaction<DB>,
  attachment: GameArchiveAttachment | null | undefined,
): Promise<number | null> {
  if (!attachment) return null;
  if (attachment.type === 'Remote') {
    return createAttachment(trx, { type: 'Remote', remoteUrl: attachment.remoteUrl ?? '' });
  }
  const hash = attachment.file?.hash ?? null;
  // The file was stored before the transaction: the attachment's own reference.
  if (hash && !(await retainFile(trx, hash))) throw new Error(`File ${hash} vanished`);
  return createAttachment(trx, { type: 'Local', fileHash: hash });
}

export async function importGame(
  { db, files }: ImportDeps,
  manifest: GameArchiveManifest,
  contents: Map<string, UnpackedFile>,
  now: number,
): Promise<Game> {
  const settings = check(manifest, contents, now);
  let poster = null;
  if (manifest.poster) {
    const unpacked = contents.get(manifest.poster.hash) as UnpackedFile;
    if (unpacked.size > POSTER_BYTES) {
      throw new InvalidInput('The poster in the archive is larger than 3 MiB');
    }
    try {
      poster = await processImage(await readFile(unpacked.path));
    } catch {
      throw new InvalidInput('The poster in the archive is not an image');
    }
  }

  const held: string[] = [];
  let posterHash: string | null = null;
  let created: Game | null = null;
  try {
    if (poster) {
      const stored = await files.store(poster.data, `poster.${poster.extension}`, {
        contentType: poster.contentType,
        now,
      });
      posterHash = stored.hash; // this reference becomes the game's when the import commits
    }
    for (const file of manifestFiles(manifest, { poster: false })) {
      const unpacked = contents.get(file.hash) as UnpackedFile;
      held.push((await files.storeFile({ ...unpacked, hash: file.hash }, file.name, { now })).hash);
    }
    created = await withTransaction(db, async (trx) => {
      const game = await createGame(trx, {
        ...settings.game,
        // Whatever the archive says: organisers look the game over before players can see or
        // join it, and it cannot be taken for the game it was exported from.
        title: importedTitle(settings.game.title),
        hidden: true,
        acceptWithoutReview: false,
        ...generateGameKeyPair(),
        now,
      });
      if (posterHash) await swapGamePoster(trx, game.id, posterHash);
      const ids: number[] = [];
      for (const [index, challenge] of manifest.challenges.entries()) {
        const row = await createChallenge(trx, game.id, {
          ...settings.challenges[index],
          title: challenge.settings.title as string,
          type: challenge.type,
          now,
        });
        const attachmentId = await attach(trx, challenge.attachment);
        if (attachmentId !== null) await updateChallenge(trx, row.id, { attachmentId });
        const flags = [];
        for (const flag of challenge.flags) {
          flags.push({
            flag: flag.flag,
            // Archives made before match modes existed have none: Exact.
            matchMode: flag.matchMode ?? 'Exact',
            attachmentId: await attach(trx, flag.attachment),
          });
        }
        await insertFlags(trx, row.id, flags);
        // Priced hints (issue 25); older archives have none.
        for (const hint of challenge.pricedHints ?? []) {
          await createChallengeHint(trx, { gameId: game.id, challengeId: row.id, ...hint });
        }
        ids.push(row.id);
      }
      // Unlock settings (issue 25), once every challenge has its new id.
      await importUnlocks(trx, game.id, manifest.challenges, ids);
      return { ...game, posterHash };
    });
    return created;
  } finally {
    for (const hash of held) await files.release(hash);
    if (!created && posterHash) await files.release(posterHash);
  }
}
