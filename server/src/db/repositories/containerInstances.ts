// The organisers' list of team containers, with the team and challenge each one belongs to.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { ChallengeCategory } from './challenges.js';
import { toContainer, type Container } from './containers.js';

export interface TeamContainer extends Container {
  team: { id: number; name: string; avatarHash: string | null } | null;
  challenge: { id: number; title: string; category: ChallengeCategory } | null;
  game: { id: number; title: string } | null;
}

/** Every container of a game instance (test containers left out), oldest first. */
export async function listTeamContainers(db: Kysely<DB>): Promise<TeamContainer[]> {
  const rows = await db
    .selectFrom('containers')
    .innerJoin('game_instances', 'game_instances.id', 'containers.game_instance_id')
    .leftJoin('participations', 'participations.id', 'game_instances.participation_id')
    .leftJoin('teams', 'teams.id', 'participations.team_id')
    .leftJoin('challenges', 'challenges.id', 'containers.challenge_id')
    .leftJoin('games', 'games.id', 'challenges.game_id')
    .selectAll('containers')
    .select([
      'games.id as game_id',
      'games.title as game_title',
      'teams.id as team_id',
      'teams.name as team_name',
      'teams.avatar_hash as team_avatar_hash',
      'challenges.title as challenge_title',
      'challenges.category as challenge_category',
    ])
    .orderBy('containers.started_at')
    .orderBy('containers.id')
    .execute();
  return rows.map((row) => {
    const resolved = row.team_id !== null && row.challenge_title !== null;
    return {
      ...toContainer(row),
      team: resolved
        ? { id: row.team_id!, name: row.team_name!, avatarHash: row.team_avatar_hash }
        : null,
      challenge: resolved
        ? {
            id: row.challenge_id,
            title: row.challenge_title!,
            category: row.challenge_category as ChallengeCategory,
          }
        : null,
      game: resolved && row.game_id !== null ? { id: row.game_id, title: row.game_title! } : null,
    };
  });
}
