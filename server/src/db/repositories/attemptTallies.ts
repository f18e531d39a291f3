// What attempt limits count (issue 25): per team and challenge, the submissions that are not
// `Accepted` (wrong ones and those still being checked), the time of the latest of them, and
// whether any is `Accepted`. One statement for any number of pairs; the index on
// (challenge_id, participation_id, status) serves it.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface TeamChallenge {
  participationId: number;
  challengeId: number;
}

export interface StoredTally {
  used: number;
  solved: boolean;
  last: number | null;
}

export const tallyKey = (pair: TeamChallenge): string =>
  `${pair.participationId}:${pair.challengeId}`;

/** The tally of each pair that has submissions, by `tallyKey`; pairs without any are absent. */
export async function tallyAttempts(
  db: Db,
  pairs: readonly TeamChallenge[],
): Promise<Map<string, StoredTally>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .selectFrom('submissions')
    .select([
      'participation_id',
      'challenge_id',
      sql<number | string>`sum(case when status = 'Accepted' then 0 else 1 end)`.as('used'),
      sql<number | string>`sum(case when status = 'Accepted' then 1 else 0 end)`.as('accepted'),
      sql<
        number | string | null
      >`max(case when status = 'Accepted' then null else submit_time end)`.as('last'),
    ])
    .where((eb) =>
      eb.or(
        pairs.map((p) =>
          eb.and([
            eb('challenge_id', '=', p.challengeId),
            eb('participation_id', '=', p.participationId),
          ]),
        ),
      ),
    )
    .groupBy(['participation_id', 'challenge_id'])
    .execute();
  return new Map(
    rows.map((row) => [
      tallyKey({ participationId: row.participation_id, challengeId: row.challenge_id }),
      {
        used: Number(row.used),
        solved: Number(row.accepted) > 0,
        last: row.last === null ? null : Number(row.last),
      },
    ]),
  );
}
