// Participations (a team registered in a game) and their registered members (users who joined the
// game with that team; at most one registration per user and game).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import type { UserRow } from '../tables/accounts.js';
import type { TeamRow } from '../tables/teams.js';
import type { ParticipationRow } from '../tables/participations.js';
import { withTransaction } from '../transaction.js';
import { releaseReservedFlags } from './instances.js';

type Db = Kysely<DB> | Transaction<DB>;

export type ParticipationStatus = 'Pending' | 'Accepted' | 'Rejected' | 'Suspended';

export interface Participation {
  id: number;
  gameId: number;
  teamId: number;
  status: ParticipationStatus;
  division: string | null;
  token: string;
  writeupHash: string | null;
  writeupName: string | null;
  writeupSize: number | null;
  writeupTime: number | null;
  createdAt: number;
}

export interface ParticipationWithTeam extends Participation {
  team: TeamRow;
}

export function toParticipation(row: ParticipationRow): Participation {
  return {
    id: row.id,
    gameId: row.game_id,
    teamId: row.team_id,
    status: row.status as ParticipationStatus,
    division: row.division,
    token: row.token,
    writeupHash: row.writeup_hash,
    writeupName: row.writeup_name,
    writeupSize: row.writeup_size === null ? null : Number(row.writeup_size),
    writeupTime: row.writeup_time === null ? null : Number(row.writeup_time),
    createdAt: Number(row.created_at),
  };
}

export async function findParticipationById(db: Db, id: number): Promise<Participation | null> {
  const row = await db
    .selectFrom('participations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toParticipation(row) : null;
}

/** The participation the user registered with in the game, if any. */
export async function findParticipationOfUser(
  db: Db,
  gameId: number,
  userId: string,
): Promise<Participation | null> {
  const row = await db
    .selectFrom('participations')
    .innerJoin(
      'participation_members',
      'participation_members.participation_id',
      'participations.id',
    )
    .selectAll('participations')
    .where('participation_members.game_id', '=', gameId)
    .where('participation_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toParticipation(row) : null;
}

export async function findParticipationOfTeam(
  db: Db,
  gameId: number,
  teamId: number,
): Promise<Participation | null> {
  const row = await db
    .selectFrom('participations')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return row ? toParticipation(row) : null;
}

export async function createParticipation(
  db: Db,
  input: { gameId: number; teamId: number; token: string; division: string | null; now: number },
): Promise<Participation> {
  const row = await db
    .insertInto('participations')
    .values({
      game_id: input.gameId,
      team_id: input.teamId,
      token: input.token,
      division: input.division,
      status: 'Pending',
      created_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toParticipation(row);
}

export async function updateParticipation(
  db: Db,
  id: number,
  patch: { status?: ParticipationStatus; division?: string | null },
): Promise<void> {
  if (patch.status === undefined && patch.division === undefined) return;
  await db.updateTable('participations').set(patch).where('id', '=', id).execute();
}

/** Deletes the participation with its instances, freeing the flag-pool entries they held. */
export async function deleteParticipation(db: Kysely<DB>, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    await releaseReservedFlags(trx, [id]);
    await trx.deleteFrom('participations').where('id', '=', id).execute();
  });
}

export async function addParticipant(
  db: Db,
  member: { participationId: number; userId: string; gameId: number; now: number },
): Promise<void> {
  await db
    .insertInto('participation_members')
    .values({
      participation_id: member.participationId,
      user_id: member.userId,
      game_id: member.gameId,
      joined_at: member.now,
    })
    .execute();
}

export async function removeParticipant(
  db: Db,
  participationId: number,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('participation_members')
    .where('participation_id', '=', participationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes the user's registrations in the game's `Rejected` participations. */
export async function removeRejectedRegistrations(
  db: Db,
  gameId: number,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('participation_members')
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .where('participation_id', 'in', (eb) =>
      eb
        .selectFrom('participations')
        .select('id')
        .where('game_id', '=', gameId)
        .where('status', '=', 'Rejected'),
    )
    .execute();
}

export async function countParticipants(db: Db, participationId: number): Promise<number> {
  const { count } = await db
    .selectFrom('participation_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('participation_id', '=', participationId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function countParticipations(db: Db, gameId: number): Promise<number> {
  const { count } = await db
    .selectFrom('participations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('game_id', '=', gameId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every participation of the game with its team, by team id. */
export async function listParticipationsWithTeams(
  db: Db,
  gameId: number,
): Promise<ParticipationWithTeam[]> {
  const rows = await db
    .selectFrom('participations')
    .innerJoin('teams', 'teams.id', 'participations.team_id')
    .selectAll('participations')
    .select([
      'teams.name as t_name',
      'teams.bio as t_bio',
      'teams.avatar_hash as t_avatar_hash',
      'teams.locked as t_locked',
      'teams.invite_token as t_invite_token',
      'teams.captain_id as t_captain_id',
      'teams.created_at as t_created_at',
      'teams.personal_of as t_personal_of',
    ])
    .where('participations.game_id', '=', gameId)
    .orderBy('participations.team_id')
    .execute();
  return rows.map((row) => ({
    ...toParticipation(row),
    team: {
      id: row.team_id,
      name: row.t_name,
      bio: row.t_bio,
      avatar_hash: row.t_avatar_hash,
      locked: row.t_locked,
      invite_token: row.t_invite_token,
      captain_id: row.t_captain_id,
      created_at: Number(row.t_created_at),
      personal_of: row.t_personal_of,
    },
  }));
}

/** Registered user ids per participation of the game, in registration order. */
export async function listRegisteredMembers(
  db: Db,
  gameId: number,
): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('participation_members')
    .select(['participation_id', 'user_id'])
    .where('game_id', '=', gameId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  const byParticipation = new Map<number, string[]>();
  for (const row of rows) {
    const list = byParticipation.get(row.participation_id) ?? [];
    list.push(row.user_id);
    byParticipation.set(row.participation_id, list);
  }
  return byParticipation;
}

/** The current members of each team, as users, by team id then join time. */
export async function listTeamMemberUsers(
  db: Db,
  teamIds: number[],
): Promise<Map<number, UserRow[]>> {
  const byTeam = new Map<number, UserRow[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .selectAll('users')
    .select('team_members.team_id')
    .where('team_members.team_id', 'in', teamIds)
    .orderBy('team_members.team_id')
    .orderBy('team_members.joined_at')
    .execute();
  for (const { team_id, ...user } of rows) {
    const list = byTeam.get(team_id) ?? [];
    list.push(user);
    byTeam.set(team_id, list);
  }
  return byTeam;
}

/** The team name of a participation ("" when it is gone). */
export async function findTeamNameOfParticipation(
  db: Db,
  participationId: number,
): Promise<string> {
  const row = await db
    .selectFrom('participations')
    .innerJoin('teams', 'teams.id', 'participations.team_id')
    .select('teams.name')
    .where('participations.id', '=', participationId)
    .executeTakeFirst();
  return row?.name ?? '';
}
