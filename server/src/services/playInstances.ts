/**
 * Loading a team's challenge instance on its first view (behaviour §2.2): a DynamicContainer
 * instance gets a flag generated from the template with the team hash; a DynamicAttachment
 * instance reserves a uniformly random unoccupied entry of the pool; static instances get nothing.
 */
import type { Kysely } from 'kysely';
import type { Challenge } from '../db/repositories/challenges.js';
import type { Game } from '../db/repositories/games.js';
import {
  findInstance,
  loadInstanceWithFlag,
  reserveDynamicFlag,
  type GameInstance,
} from '../db/repositories/instances.js';
import type { Participation } from '../db/repositories/participations.js';
import type { DB } from '../db/schema.js';
import { gameSalt, generateFlag, teamHash } from '../domain/flagTemplate.js';

/** The loaded instance; null when a dynamic attachment pool has no unused entry left. */
export async function loadInstance(
  db: Kysely<DB>,
  game: Pick<Game, 'privateKey'>,
  challenge: Pick<Challenge, 'id' | 'type' | 'flagTemplate'>,
  participation: Pick<Participation, 'id' | 'token'>,
  instance: GameInstance,
): Promise<GameInstance | null> {
  if (instance.isLoaded) return instance;
  if (challenge.type === 'DynamicAttachment') {
    if (!(await reserveDynamicFlag(db, instance.id, challenge.id))) return null;
  } else if (challenge.type === 'DynamicContainer') {
    const hash = teamHash(gameSalt(game.privateKey), challenge.id, participation.token);
    await loadInstanceWithFlag(
      db,
      instance.id,
      generateFlag(challenge.flagTemplate, { teamHash: hash }),
    );
  } else {
    await loadInstanceWithFlag(db, instance.id, null);
  }
  return findInstance(db, participation.id, challenge.id);
}

export const isDynamic = (challenge: Pick<Challenge, 'type'>): boolean =>
  challenge.type === 'DynamicAttachment' || challenge.type === 'DynamicContainer';
