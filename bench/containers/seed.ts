/**
 * The containers bench's game, written before the server starts: the event bench's seed
 * (bench/event/seed.ts: one-player teams with a session each, Accepted participations, a running
 * game, an instance per team) with one challenge and no submissions, that challenge then made a
 * DynamicContainer of the echo image with the platform's default limits. The deployment's owner
 * mark (label `vexil.owner`) is written too, so the bench knows which engine units are this run's
 * from the start, even if it is interrupted before the first container.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { setSettings } from '../../server/src/db/repositories/settings.js';
import type { DB } from '../../server/src/db/schema.js';
import { OWNER_SETTING } from '../../server/src/services/containers/owner.js';
import { ECHO_IMAGE, ECHO_PORT } from '../../server/test/support/testImages.js';
import { seedGame, type SeededTeam } from '../event/seed.js';

export interface ContainerGame {
  gameId: number;
  challengeId: number;
  teams: SeededTeam[];
  /** The `vexil.owner` label of every container Vexil starts in this run. */
  owner: string;
}

export async function seedContainerGame(db: Kysely<DB>, teams: number): Promise<ContainerGame> {
  const seeded = await seedGame(db, {
    tag: 'c',
    teams,
    challenges: 1,
    submissions: 0,
    correctShare: 0,
    zipfExponent: 1,
    randomSeed: 24,
  });
  const challengeId = seeded.challenges[0].id;
  await db.deleteFrom('flags').where('challenge_id', '=', challengeId).execute();
  // Memory, CPU and storage keep the columns' defaults (64 MiB, 0.1 CPU, 256 MiB): a typical
  // challenge as an organiser leaves it; the bare reference uses the same.
  await db
    .updateTable('challenges')
    .set({
      title: 'Echo',
      type: 'DynamicContainer',
      container_image: ECHO_IMAGE,
      container_expose_port: ECHO_PORT,
    })
    .where('id', '=', challengeId)
    .execute();
  const owner = randomUUID();
  await setSettings(db, { [OWNER_SETTING]: owner });
  return { gameId: seeded.id, challengeId, teams: seeded.teams, owner };
}
