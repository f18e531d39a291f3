// Teams and membership. The captain is always a member too; the invite token is the secret part
// of the team's invitation code.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromFlag, type DB, type TeamRow } from '../schema.js';

export interface Team {
  id: number;
  name: string;
  bio: string;
  avatarHash: string | null;
  locked: boolean;
  inviteToken: string;
  captainId: string;
  createdAt: number;
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

/** The teams the user belongs to (as captain or member), by id. */
export async function listTeamsOfUser(db: Kysely<DB>, userId: string): Promise<Team[]> {
  const rows = await db
    .selectFrom('teams')
    .innerJoin('team_members', 'team_members.team_id', 'teams.id')
    .selectAll('teams')
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.id')
    .execute();
  return rows.map(toTeam);
}

export async function countTeamsCaptainedBy(db: Kysely<DB>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('captain_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function isCaptainOfAnyTeam(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('teams')
    .select('id')
    .where('captain_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
