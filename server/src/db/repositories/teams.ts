// Teams and membership. The captain is always a member too; the invite token is the secret part
// of the team's invitation code.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';
import type { TeamRow, TeamsTable } from '../tables/teams.js';
import { withTransaction } from '../transaction.js';
import { swapAvatarHash } from './avatars.js';
import { releaseReservedFlags } from './instances.js';

export interface Team {
  id: number;
  name: string;
  bio: string;
  avatarHash: string | null;
  locked: boolean;
  inviteToken: string;
  captainId: string;
  createdAt: number;
  /** The user whose personal entry for individual games this is; null for ordinary teams. */
  personalOf: string | null;
}

export interface NewTeam {
  name: string;
  captainId: string;
  bio?: string;
  now?: number;
}

/** 32 lower-case hex characters. */
export const newInviteToken = (): string => randomBytes(16).toString('hex');

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    avatarHash: row.avatar_hash,
    locked: fromFlag(row.locked),
    inviteToken: row.invite_token,
    captainId: row.captain_id,
    createdAt: row.created_at,
    personalOf: row.personal_of,
  };
}

/** Creates the team with its captain as the first member. Run it inside a transaction
 *  (`withTransaction`) when it is part of a larger change. */
export async function createTeam(db: Kysely<DB>, input: NewTeam): Promise<Team> {
  const now = input.now ?? Date.now();
  const row = await db
    .insertInto('teams')
    .values({
      name: input.name,
      bio: input.bio ?? '',
      invite_token: newInviteToken(),
      captain_id: input.captainId,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addMember(db, row.id, input.captainId, now);
  return toTeam(row);
}

/** Adds the user to the team; adding a member twice does nothing. */
export async function addMember(
  db: Kysely<DB>,
  teamId: number,
  userId: string,
  now: number = Date.now(),
): Promise<void> {
  await db
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, joined_at: now })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
    .execute();
}

/** The teams the user belongs to (as captain or member), by id; not their personal entry. */
export async function listTeamsOfUser(db: Kysely<DB>, userId: string): Promise<Team[]> {
  const rows = await db
    .selectFrom('teams')
    .innerJoin('team_members', 'team_members.team_id', 'teams.id')
    .selectAll('teams')
    .where('team_members.user_id', '=', userId)
    .where('teams.personal_of', 'is', null)
    .orderBy('teams.id')
    .execute();
  return rows.map(toTeam);
}

/** The ordinary teams the user captains (their personal entry does not count). */
export async function countTeamsCaptainedBy(db: Kysely<DB>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('captain_id', '=', userId)
    .where('personal_of', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether the user captains an ordinary team (their personal entry goes with their account). */
export async function isCaptainOfAnyTeam(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('captain_id', '=', userId)
    .where('personal_of', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member as teams show them (public fields; the captain flag comes from the team). */
export interface TeamMember {
  id: string;
  userName: string;
  bio: string;
  avatarHash: string | null;
  joinedAt: number;
}

export interface TeamPatch {
  name?: string;
  bio?: string;
  locked?: boolean;
}

export const TEAM_SEARCH_LIMIT = 30;

export async function findTeamById(db: Kysely<DB>, id: number): Promise<Team | null> {
  const row = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The members of each given team, in joining order (teams without members map to []). */
export async function listMembersOfTeams(
  db: Kysely<DB>,
  teamIds: number[],
): Promise<Map<number, TeamMember[]>> {
  const members = new Map<number, TeamMember[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return members;
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.team_id',
      'team_members.joined_at',
      'users.id',
      'users.user_name',
      'users.bio',
      'users.avatar_hash',
    ])
    .where('team_members.team_id', 'in', [...new Set(teamIds)])
    .orderBy('team_members.joined_at')
    .orderBy('users.id')
    .execute();
  for (const row of rows) {
    members.get(row.team_id)?.push({
      id: row.id,
      userName: row.user_name,
      bio: row.bio,
      avatarHash: row.avatar_hash,
      joinedAt: row.joined_at,
    });
  }
  return members;
}

export async function isTeamMember(db: Kysely<DB>, teamId: number, userId: string) {
  const row = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countTeams(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A page of teams by id. */
export async function listTeams(db: Kysely<DB>, skip: number, count: number): Promise<Team[]> {
  const rows = await db
    .selectFrom('teams')
    .selectAll()
    .orderBy('id')
    .limit(count)
    .offset(skip)
    .execute();
  return rows.map(toTeam);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Teams (by id, at most `limit`) whose name contains `hint` case-insensitively, or whose id is
 *  `hint` when it is an integer. */
export async function searchTeams(
  db: Kysely<DB>,
  hint: string,
  limit: number = TEAM_SEARCH_LIMIT,
): Promise<Team[]> {
  const pattern = `%${escapeLike(hint.toLowerCase())}%`;
  const id = /^\d{1,10}$/.test(hint.trim()) ? Number(hint.trim()) : null;
  const rows = await db
    .selectFrom('teams')
    .selectAll()
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(name) like ${pattern} escape '\\'`,
        ...(id !== null && id <= 2_147_483_647 ? [eb('id', '=', id)] : []),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toTeam);
}

/** Applies the defined fields; null when the team is gone. */
export async function updateTeam(
  db: Kysely<DB>,
  id: number,
  patch: TeamPatch,
): Promise<Team | null> {
  const values: Updateable<TeamsTable> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.bio !== undefined) values.bio = patch.bio;
  if (patch.locked !== undefined) values.locked = toFlag(patch.locked);
  if (Object.keys(values).length === 0) return findTeamById(db, id);
  const row = await db
    .updateTable('teams')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/**
 * Serialises captaincy changes of one user: a no-op write on the user's row holds its row lock
 * (PostgreSQL) until the transaction ends; SQLite runs one write transaction at a time anyway.
 * False when the user does not exist.
 */
async function lockUser(trx: Kysely<DB>, userId: string): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ security_stamp: eb.ref('security_stamp') }))
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Creates the team unless its captain already captains `maxCaptained` teams (then null). */
export async function createTeamWithinLimit(
  db: Kysely<DB>,
  input: NewTeam,
  maxCaptained: number,
): Promise<Team | null> {
  return withTransaction(db, async (trx) => {
    if (!(await lockUser(trx, input.captainId))) return null;
    if ((await countTeamsCaptainedBy(trx, input.captainId)) >= maxCaptained) return null;
    return createTeam(trx, input);
  });
}

export type TransferOutcome = 'done' | 'gone' | 'notCaptain' | 'notMember' | 'limit';

/** Hands the captaincy from `fromId` to the member `toId` (who may captain `maxCaptained`). */
export async function transferCaptaincy(
  db: Kysely<DB>,
  teamId: number,
  fromId: string,
  toId: string,
  maxCaptained: number,
): Promise<TransferOutcome> {
  return withTransaction(db, async (trx) => {
    if (!(await lockUser(trx, toId))) return 'notMember';
    const team = await findTeamById(trx, teamId);
    if (!team) return 'gone';
    if (team.captainId !== fromId) return 'notCaptain';
    if (!(await isTeamMember(trx, teamId, toId))) return 'notMember';
    if (toId === fromId) return 'done';
    if ((await countTeamsCaptainedBy(trx, toId)) >= maxCaptained) return 'limit';
    const result = await trx
      .updateTable('teams')
      .set({ captain_id: toId })
      .where('id', '=', teamId)
      .where('captain_id', '=', fromId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'done' : 'notCaptain';
  });
}

/** A fresh invite token (old codes stop working); null when the team is gone. */
export async function renewInviteToken(db: Kysely<DB>, id: number): Promise<Team | null> {
  const row = await db
    .updateTable('teams')
    .set({ invite_token: newInviteToken() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** Removes the user from the team together with their registrations in the team's games. */
export async function removeMember(
  db: Kysely<DB>,
  teamId: number,
  userId: string,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    await trx
      .deleteFrom('participation_members')
      .where('user_id', '=', userId)
      .where('participation_id', 'in', (eb) =>
        eb.selectFrom('participations').select('id').where('team_id', '=', teamId),
      )
      .execute();
    const result = await trx
      .deleteFrom('team_members')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The ids of the games the team has a participation in. */
export async function listGameIdsOfTeam(db: Kysely<DB>, teamId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('participations')
    .select('game_id')
    .where('team_id', '=', teamId)
    .execute();
  return rows.map((row) => row.game_id);
}

export interface DeletedTeam {
  name: string;
  avatarHash: string | null;
  /** Blobs of the writeups of the team's participations, to release. */
  writeupHashes: string[];
  gameIds: number[];
}

/**
 * Deletes the team; members, participations and instances go by cascade, and the flag-pool entries
 * those instances held are freed for other teams. Null when it was gone.
 */
export async function deleteTeam(db: Kysely<DB>, id: number): Promise<DeletedTeam | null> {
  return withTransaction(db, async (trx) => {
    const participations = await trx
      .selectFrom('participations')
      .select(['id', 'game_id', 'writeup_hash'])
      .where('team_id', '=', id)
      .execute();
    await releaseReservedFlags(
      trx,
      participations.map((p) => p.id),
    );
    const row = await trx
      .deleteFrom('teams')
      .where('id', '=', id)
      .returning(['name', 'avatar_hash'])
      .executeTakeFirst();
    if (!row) return null;
    return {
      name: row.name,
      avatarHash: row.avatar_hash,
      writeupHashes: participations.flatMap((p) => (p.writeup_hash ? [p.writeup_hash] : [])),
      gameIds: participations.map((p) => p.game_id),
    };
  });
}

/** Sets the avatar and returns the one it replaced (race-safe); null when no such team. */
export const swapTeamAvatar = (db: Kysely<DB>, id: number, avatarHash: string | null) =>
  swapAvatarHash(db, 'teams', id, avatarHash);
