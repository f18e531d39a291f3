// What a flag submission is let through on: the game, the caller's registration in it, and the
// challenge, read in one statement for any number of submissions (the submission route gathers
// the requests arriving together: services/submissionBatches.ts). The busiest request of an
// event once asked three times, then once each.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import type { ParticipationStatus } from './participations.js';

export interface SubmissionGate {
  game: {
    id: number;
    title: string;
    start: number;
    end: number;
    practiceMode: boolean;
    hidden: boolean;
  } | null;
  participation: { id: number; status: ParticipationStatus } | null;
  challenge: {
    id: number;
    title: string;
    isEnabled: boolean;
    /** Attempt limits (issue 25): 0 = none. */
    maxAttempts: number;
    attemptWait: number;
  } | null;
}

export interface SubmissionGateKey {
  gameId: number;
  userId: string;
  challengeId: number;
}

interface GateRow {
  i: number | string;
  game_id: number | null;
  game_title: string | null;
  start_time: number | string | null;
  end_time: number | string | null;
  practice_mode: number | null;
  hidden: number | null;
  participation_id: number | null;
  participation_status: string | null;
  challenge_id: number | null;
  challenge_title: string | null;
  is_enabled: number | null;
  max_attempts: number | string | null;
  attempt_wait: number | string | null;
}

const NO_GATE: SubmissionGate = { game: null, participation: null, challenge: null };

function toGate(row: GateRow | undefined): SubmissionGate {
  if (!row || row.game_id === null) return NO_GATE;
  return {
    game: {
      id: row.game_id,
      title: row.game_title ?? '',
      start: Number(row.start_time),
      end: Number(row.end_time),
      practiceMode: fromFlag(row.practice_mode ?? 0),
      hidden: fromFlag(row.hidden ?? 0),
    },
    participation:
      row.participation_id === null
        ? null
        : { id: row.participation_id, status: row.participation_status as ParticipationStatus },
    challenge:
      row.challenge_id === null
        ? null
        : {
            id: row.challenge_id,
            title: row.challenge_title ?? '',
            isEnabled: fromFlag(row.is_enabled ?? 0),
            maxAttempts: Number(row.max_attempts ?? 0),
            attemptWait: Number(row.attempt_wait ?? 0),
          },
  };
}

/** The gate of each key, in the keys' order. */
export async function findSubmissionGates(
  db: Kysely<DB>,
  keys: readonly SubmissionGateKey[],
): Promise<SubmissionGate[]> {
  if (keys.length === 0) return [];
  // The keys as a table (casts: PostgreSQL types bare parameters as text).
  const keyRows = sql.join(
    keys.map(
      (key, i) =>
        sql`(cast(${i} as integer), cast(${key.gameId} as integer), cast(${key.userId} as text), cast(${key.challengeId} as integer))`,
    ),
  );
  const { rows } = await sql<GateRow>`
    with k(i, game_id, user_id, challenge_id) as (values ${keyRows})
    select k.i, g.id as game_id, g.title as game_title, g.start_time, g.end_time,
      g.practice_mode, g.hidden, p.id as participation_id, p.status as participation_status,
      c.id as challenge_id, c.title as challenge_title, c.is_enabled, c.max_attempts,
      c.attempt_wait
    from k
    left join games g on g.id = k.game_id
    left join participation_members m on m.game_id = g.id and m.user_id = k.user_id
    left join participations p on p.id = m.participation_id
    left join challenges c on c.game_id = g.id and c.id = k.challenge_id`.execute(db);
  const byKey = new Map<number, GateRow>();
  for (const row of rows) {
    const i = Number(row.i);
    if (!byKey.has(i)) byKey.set(i, row);
  }
  return keys.map((_, i) => toGate(byKey.get(i)));
}
