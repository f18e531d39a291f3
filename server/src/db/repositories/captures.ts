// Database side of the capture listings: which challenges record traffic, and the teams behind
// the registrations whose folders hold captures.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import type { ChallengeCategory, ChallengeType } from './challenges.js';

export interface CaptureChallenge {
  id: number;
  title: string;
  category: ChallengeCategory;
  type: ChallengeType;
  isEnabled: boolean;
}

export interface CaptureTeam {
  participationId: number;
  teamId: number;
  name: string;
  division: string | null;
  avatarHash: string | null;
}

/** The game's challenges with traffic capture on, enabled or not, in id order. */
export async function listCaptureChallenges(
  db: Kysely<DB>,
  gameId: number,
): Promise<CaptureChallenge[]> {
  const rows = await db
    .selectFrom('challenges')
    .select(['id', 'title', 'category', 'type', 'is_enabled'])
    .where('game_id', '=', gameId)
    .where('enable_traffic_capture', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    category: row.category as ChallengeCategory,
    type: row.type as ChallengeType,
    isEnabled: fromFlag(row.is_enabled),
  }));
}

/** The registrations among `ids` that still exist, with their teams. */
export async function findCaptureTeams(db: Kysely<DB>, ids: number[]): Promise<CaptureTeam[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('participations as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .select(['p.id', 'p.team_id', 't.name', 'p.division', 't.avatar_hash'])
    .where('p.id', 'in', ids)
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    participationId: row.id,
    teamId: row.team_id,
    name: row.name,
    division: row.division,
    avatarHash: row.avatar_hash,
  }));
}
