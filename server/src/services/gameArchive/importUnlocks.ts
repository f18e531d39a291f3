/**
 * The unlock settings of an imported game (issue 25): each challenge's settings from the archive,
 * its prerequisites given by position in the archive and mapped to the new ids, checked as an
 * organiser's save is (no cycle, N within the list), inside the import's transaction. An archive
 * made before prerequisites existed has none of it and imports as before.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { InvalidInput } from '../../domain/errors.js';
import type { GameArchiveChallenge } from '../../domain/gameArchive.js';
import { touchesUnlock, type UnlockFields } from '../../domain/unlocks/unlockUpdate.js';
import { applyUnlockFields } from '../unlocks/unlockEdits.js';

export async function importUnlocks(
  trx: Transaction<DB>,
  gameId: number,
  challenges: readonly GameArchiveChallenge[],
  ids: readonly number[],
): Promise<void> {
  for (const [index, challenge] of challenges.entries()) {
    const positions = challenge.prerequisites ?? [];
    const outside = positions.filter((at) => at >= ids.length);
    if (outside.length > 0) {
      throw new InvalidInput(
        `challenges/${index}: prerequisites name no challenge of the archive: ${outside.join(', ')}`,
      );
    }
    const { prerequisites: _ids, ...settings } = challenge.settings;
    const fields: UnlockFields = {
      prerequisiteCount: settings.prerequisiteCount,
      unlockScore: settings.unlockScore,
      releaseTime: settings.releaseTime,
      showWhenLocked: settings.showWhenLocked,
      releaseNotice: settings.releaseNotice,
      ...(positions.length > 0 && { prerequisites: positions.map((at) => ids[at]) }),
    };
    if (!touchesUnlock(fields)) continue;
    try {
      await applyUnlockFields(trx, gameId, ids[index], fields);
    } catch (error) {
      if (error instanceof InvalidInput)
        throw new InvalidInput(`challenges/${index}: ${error.message}`);
      throw error;
    }
  }
}
