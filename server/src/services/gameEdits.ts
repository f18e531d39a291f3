/**
 * The organisers' edits of a game that change what its board shows: the game's settings and
 * poster, a challenge's settings, a challenge or flag removed, the solves recounted. Each
 * rebuilds the board once its write is committed (scoreboard/boardChanges.ts).
 */
import type { Transaction } from 'kysely';
import { deleteAttachments } from '../db/repositories/attachments.js';
import {
  createInstancesForChallenge,
  deleteChallengeRow,
  recountAcceptedCounts,
  updateChallenge,
  type Challenge,
  type ChallengeSettings,
} from '../db/repositories/challenges.js';
import { engineIdsWithin } from '../db/repositories/containers.js';
import { countFlags, deleteFlag, flagAttachmentIds } from '../db/repositories/flags.js';
import {
  playModeChangeBlocked,
  swapGamePoster,
  updateGame,
  type Game,
  type GameSettings,
} from '../db/repositories/games.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import { InvalidInput } from '../domain/errors.js';
import { PLAY_MODE_FIXED } from '../domain/playMode.js';
import { boardChanged, type BoardChangeDeps } from './scoreboard/boardChanges.js';

/**
 * The game with new settings; null when it is gone. The play mode (issue 25) cannot change once
 * anyone has registered (400): checked in the update's transaction, under the game's row lock.
 */
export async function updateGameSettings(
  deps: BoardChangeDeps,
  gameId: number,
  settings: Partial<GameSettings>,
): Promise<Game | null> {
  const game = await withTransaction(deps.db, async (trx) => {
    const { playMode } = settings;
    if (playMode !== undefined && (await playModeChangeBlocked(trx, gameId, playMode))) {
      throw new InvalidInput(PLAY_MODE_FIXED);
    }
    return updateGame(trx, gameId, settings);
  });
  if (game) boardChanged(deps, gameId);
  return game;
}

/** Sets the poster's blob; answers the one it replaced, or null when the game is gone. */
export async function replaceGamePoster(
  deps: BoardChangeDeps,
  gameId: number,
  hash: string,
): Promise<{ previous: string | null } | null> {
  const swapped = await swapGamePoster(deps.db, gameId, hash);
  if (swapped) boardChanged(deps, gameId);
  return swapped;
}

/**
 * Applies `changes` to the challenge, and gives every accepted team an instance when `enabling`
 * (in one transaction); null when the challenge is gone.
 */
export async function updateGameChallenge(
  deps: BoardChangeDeps,
  gameId: number,
  challengeId: number,
  changes: Partial<ChallengeSettings>,
  enabling: boolean,
  /** More of the same update, in its transaction (the unlock settings: unlocks/unlockEdits.ts). */
  alsoInTransaction?: (trx: Transaction<DB>) => Promise<unknown>,
): Promise<Challenge | null> {
  const updated = await withTransaction(deps.db, async (trx) => {
    const challenge = await updateChallenge(trx, challengeId, changes);
    if (challenge?.isEnabled && enabling) {
      await createInstancesForChallenge(trx, gameId, challengeId);
    }
    if (challenge && alsoInTransaction) await alsoInTransaction(trx);
    return challenge;
  });
  if (updated) boardChanged(deps, gameId);
  return updated;
}

/**
 * Deletes the challenge with its flags and attachments; answers the blobs to release and the
 * containers to remove (read before the cascade takes their rows).
 */
export async function deleteGameChallenge(
  deps: BoardChangeDeps,
  gameId: number,
  challenge: Pick<Challenge, 'id' | 'attachmentId'>,
): Promise<{ hashes: string[]; engineIds: string[] }> {
  const removed = await withTransaction(deps.db, async (trx) => {
    const attachments = [challenge.attachmentId, ...(await flagAttachmentIds(trx, [challenge.id]))];
    const engineIds = await engineIdsWithin(trx, { challengeId: challenge.id });
    await deleteChallengeRow(trx, challenge.id);
    return { hashes: await deleteAttachments(trx, attachments), engineIds };
  });
  boardChanged(deps, gameId);
  return removed;
}

/** Counts every challenge's solves of the game again. */
export async function recountGameSolves(deps: BoardChangeDeps, gameId: number): Promise<void> {
  await recountAcceptedCounts(deps.db, gameId);
  boardChanged(deps, gameId);
}

/**
 * Deletes the flag (a challenge left without one is disabled); answers the blobs to release, or
 * null when the flag is not there.
 */
export async function deleteChallengeFlag(
  deps: BoardChangeDeps,
  gameId: number,
  challengeId: number,
  flagId: number,
): Promise<string[] | null> {
  const released = await withTransaction(deps.db, async (trx) => {
    const removed = await deleteFlag(trx, challengeId, flagId);
    if (!removed) return null;
    if ((await countFlags(trx, challengeId)) === 0) {
      await updateChallenge(trx, challengeId, { isEnabled: false });
    }
    return deleteAttachments(trx, [removed.attachmentId]);
  });
  if (released) boardChanged(deps, gameId);
  return released;
}
