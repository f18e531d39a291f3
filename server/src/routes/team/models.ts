/** How teams appear on the wire: members with public fields and the captain flag only. */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { listMembersOfTeams, type Team, type TeamMember } from '../../db/repositories/teams.js';
import type { DB } from '../../db/schema.js';
import { isLockedAndPlaying } from '../../db/repositories/teamLock.js';
import { avatarUrl } from '../../domain/profiles.js';

type Schemas = components['schemas'];
export type TeamInfoModel = Schemas['TeamInfoModel'];

export function toTeamInfoModel(team: Team, members: TeamMember[] | null): TeamInfoModel {
  return {
    id: team.id,
    name: team.name,
    bio: team.bio,
    avatar: avatarUrl(team.avatarHash),
    locked: team.locked,
    personal: team.personalOf !== null,
    members:
      members?.map((member) => ({
        id: member.id,
        userName: member.userName,
        bio: member.bio,
        avatar: avatarUrl(member.avatarHash),
        captain: member.id === team.captainId,
      })) ?? null,
  };
}

/** The teams with their members, in the given order. */
export async function teamInfos(db: Kysely<DB>, teams: Team[]): Promise<TeamInfoModel[]> {
  const members = await listMembersOfTeams(
    db,
    teams.map((team) => team.id),
  );
  return teams.map((team) => toTeamInfoModel(team, members.get(team.id) ?? []));
}

/**
 * The teams with locks that no longer hold lifted on the way (behaviour §5), so that `locked`
 * tells players what it means for them: no joining, leaving, removing or deleting now.
 */
export async function withCurrentLocks(db: Kysely<DB>, teams: Team[]): Promise<Team[]> {
  return Promise.all(
    teams.map(async (team) =>
      team.locked ? { ...team, locked: await isLockedAndPlaying(db, team) } : team,
    ),
  );
}

export async function teamInfo(db: Kysely<DB>, team: Team): Promise<TeamInfoModel> {
  const [info] = await teamInfos(db, [team]);
  return info;
}

export function teamPage(
  teams: TeamInfoModel[],
  total: number,
): Schemas['ArrayResponseOfTeamInfoModel'] {
  return { data: teams, length: teams.length, total };
}
