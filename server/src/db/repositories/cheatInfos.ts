// Detected flag sharing: a submission equal to another participation's own flag.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface CheatInfo {
  id: number;
  gameId: number;
  submissionId: number;
  submitParticipationId: number;
  sourceParticipationId: number;
}

/** Records the detection; a submission is recorded once (a repeated call does nothing). */
export async function insertCheatInfo(db: Db, info: Omit<CheatInfo, 'id'>): Promise<void> {
  await db
    .insertInto('cheat_infos')
    .values({
      game_id: info.gameId,
      submission_id: info.submissionId,
      submit_participation_id: info.submitParticipationId,
      source_participation_id: info.sourceParticipationId,
    })
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .execute();
}

export async function listCheatInfos(db: Db, gameId: number): Promise<CheatInfo[]> {
  const rows = await db
    .selectFrom('cheat_infos')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    gameId: row.game_id,
    submissionId: row.submission_id,
    submitParticipationId: row.submit_participation_id,
    sourceParticipationId: row.source_participation_id,
  }));
}
