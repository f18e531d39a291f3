// What a flag submission is let through on, in one read: the game, the caller's registration in
// it, and the challenge. The busiest request of an event otherwise asked three times.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import type { ParticipationStatus } from './participations.js';

export interface SubmissionGate {
  game: { id: number; title: string; start: number; end: number; practiceMode: boolean } | null;
  participation: { id: number; status: ParticipationStatus } | null;
  challenge: { id: number; title: string; isEnabled: boolean } | null;
}

export async function findSubmissionGate(
  db: Kysely<DB>,
  key: { gameId: number; userId: string; challengeId: number },
): Promise<SubmissionGate> {
  const row = await db
    .selectFrom('games as g')
    .leftJoin('participation_members as m', (join) =>
      join.onRef('m.game_id', '=', 'g.id').on('m.user_id', '=', key.userId),
    )
    .leftJoin('participations as p', 'p.id', 'm.participation_id')
    .leftJoin('challenges as c', (join) =>
      join.onRef('c.game_id', '=', 'g.id').on('c.id', '=', key.challengeId),
    )
    .select([
      'g.id as gameId',
      'g.title as gameTitle',
      'g.start_time',
      'g.end_time',
      'g.practice_mode',
      'p.id as participationId',
      'p.status as participationStatus',
      'c.id as challengeId',
      'c.title as challengeTitle',
      'c.is_enabled',
    ])
    .where('g.id', '=', key.gameId)
    .executeTakeFirst();
  if (!row) return { game: null, participation: null, challenge: null };
  return {
    game: {
      id: row.gameId,
      title: row.gameTitle,
      start: Number(row.start_time),
      end: Number(row.end_time),
      practiceMode: fromFlag(row.practice_mode),
    },
    participation:
      row.participationId === null
        ? null
        : {
            id: row.participationId,
            status: row.participationStatus as ParticipationStatus,
          },
    challenge:
      row.challengeId === null
        ? null
        : {
            id: row.challengeId,
            title: row.challengeTitle ?? '',
            isEnabled: fromFlag(row.is_enabled ?? 0),
          },
  };
}
