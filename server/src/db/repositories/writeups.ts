// Team writeups: one stored PDF per participation (columns of `participations`).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface StoredWriteup {
  hash: string;
  name: string;
  size: number;
  time: number;
}

export interface WriteupEntry extends StoredWriteup {
  participationId: number;
  teamId: number;
  teamName: string;
  teamBio: string;
  teamAvatarHash: string | null;
  teamLocked: boolean;
  /** A player's personal entry (issue 25, individual play). */
  teamPersonal: boolean;
}

/** Sets the participation's writeup unless it changed meanwhile (retried); answers the hash of
 *  the one it replaced, or undefined when the participation is gone. */
export async function replaceWriteup(
  db: Db,
  participationId: number,
  writeup: StoredWriteup,
): Promise<{ previous: string | null } | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await db
      .selectFrom('participations')
      .select('writeup_hash')
      .where('id', '=', participationId)
      .executeTakeFirst();
    if (!current) return undefined;
    const result = await db
      .updateTable('participations')
      .set({
        writeup_hash: writeup.hash,
        writeup_name: writeup.name,
        writeup_size: writeup.size,
        writeup_time: writeup.time,
      })
      .where('id', '=', participationId)
      .where((eb) =>
        current.writeup_hash === null
          ? eb('writeup_hash', 'is', null)
          : eb('writeup_hash', '=', current.writeup_hash),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { previous: current.writeup_hash };
  }
  throw new Error(`The writeup of participation ${participationId} keeps changing concurrently`);
}

/** The game's writeups, newest upload first. */
export async function listWriteups(db: Db, gameId: number): Promise<WriteupEntry[]> {
  const rows = await db
    .selectFrom('participations')
    .innerJoin('teams', 'teams.id', 'participations.team_id')
    .select([
      'participations.id',
      'participations.team_id',
      'participations.writeup_hash',
      'participations.writeup_name',
      'participations.writeup_size',
      'participations.writeup_time',
      'teams.name',
      'teams.bio',
      'teams.avatar_hash',
      'teams.locked',
      'teams.personal_of',
    ])
    .where('participations.game_id', '=', gameId)
    .where('participations.writeup_hash', 'is not', null)
    .orderBy('participations.writeup_time', 'desc')
    .orderBy('participations.id', 'desc')
    .execute();
  return rows.map((row) => ({
    participationId: row.id,
    teamId: row.team_id,
    teamName: row.name,
    teamBio: row.bio,
    teamAvatarHash: row.avatar_hash,
    teamLocked: row.locked !== 0,
    teamPersonal: row.personal_of !== null,
    hash: row.writeup_hash ?? '',
    name: row.writeup_name ?? '',
    size: Number(row.writeup_size ?? 0),
    time: Number(row.writeup_time ?? 0),
  }));
}
