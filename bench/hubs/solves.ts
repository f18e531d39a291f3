/**
 * The right flags the bench submits, one a second, each a board change: pairs of a team and a
 * challenge the team has not solved, on challenges already solved three times or more, so that a
 * solve changes the board without a blood notice (the players' hub then carries exactly a notice
 * and a board update a second). Spread over teams and challenges, in a repeatable order.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.js';
import type { SeededGame, SeededTeam, SeededChallenge } from '../event/seed.js';

export interface PlannedSolve {
  team: SeededTeam;
  challenge: SeededChallenge;
}

export async function plannedSolves(
  db: Kysely<DB>,
  game: SeededGame,
  count: number,
): Promise<PlannedSolve[]> {
  const rows = await db
    .selectFrom('game_instances as i')
    .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
    .select(['i.participation_id', 'i.challenge_id'])
    .where('c.game_id', '=', game.id)
    .where('c.accepted_count', '>=', 3)
    .where('i.is_solved', '=', 0)
    .orderBy('i.id')
    .execute();
  const teams = new Map(game.teams.map((team) => [team.participationId, team]));
  const challenges = new Map(game.challenges.map((challenge) => [challenge.id, challenge]));
  // One solve per team at most, walking the rows with a stride so the challenges vary.
  const used = new Set<number>();
  const picked: PlannedSolve[] = [];
  const stride = 7919;
  for (let k = 0; k < rows.length && picked.length < count; k++) {
    const row = rows[(k * stride) % rows.length];
    if (used.has(row.participation_id)) continue;
    used.add(row.participation_id);
    picked.push({
      team: teams.get(row.participation_id)!,
      challenge: challenges.get(row.challenge_id)!,
    });
  }
  if (picked.length < count) {
    throw new Error(`Only ${picked.length} unsolved pairs without a blood, ${count} wanted`);
  }
  return picked;
}
