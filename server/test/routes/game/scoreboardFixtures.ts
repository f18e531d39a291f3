// Scoreboard test data written straight to the tables (the edit and playing endpoints are tested
// on their own): games, challenges, registered teams with members, and solves. `solve` mirrors the
// flag checker: an Accepted submission, counted in `accepted_count` when made before the end.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { createTeam, addMember } from '#server/db/repositories/teams.js';
import { createUser, type NewUser } from '#server/db/repositories/users.js';
import type { DB } from '#server/db/schema.js';
import { buildNewUser } from '../../support/builders.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

let sequence = 0;
const unique = () => `${++sequence}${Math.random().toString(36).slice(2, 6)}`;

export interface SeedGame {
  title?: string;
  start?: number;
  end?: number;
  bloodBonus?: number;
  divisions?: string[] | null;
  hidden?: boolean;
}

/** A game that started an hour ago and ends in an hour, unless told otherwise. */
export async function seedGame(db: Kysely<DB>, options: SeedGame = {}) {
  const now = Date.now();
  const row = await db
    .insertInto('games')
    .values({
      title: options.title ?? `Game ${unique()}`,
      hidden: options.hidden ? 1 : 0,
      divisions: options.divisions ? JSON.stringify(options.divisions) : null,
      invite_code: null,
      poster_hash: null,
      public_key: 'cHVibGlj',
      private_key: 'cHJpdmF0ZQ==',
      start_time: options.start ?? now - HOUR,
      end_time: options.end ?? now + HOUR,
      ...(options.bloodBonus !== undefined ? { blood_bonus: options.bloodBonus } : {}),
      created_at: now,
    })
    .returning(['id', 'title', 'start_time', 'end_time'])
    .executeTakeFirstOrThrow();
  return { id: row.id, title: row.title, start: Number(row.start_time), end: Number(row.end_time) };
}

export interface SeedChallenge {
  title?: string;
  category?: string;
  originalScore?: number;
  minScoreRate?: number;
  difficulty?: number;
  enabled?: boolean;
  disableBloodBonus?: boolean;
}

export async function seedChallenge(db: Kysely<DB>, gameId: number, options: SeedChallenge = {}) {
  const row = await db
    .insertInto('challenges')
    .values({
      game_id: gameId,
      title: options.title ?? `Challenge ${unique()}`,
      category: options.category ?? 'Misc',
      is_enabled: options.enabled === false ? 0 : 1,
      disable_blood_bonus: options.disableBloodBonus ? 1 : 0,
      original_score: options.originalScore ?? 1000,
      min_score_rate: options.minScoreRate ?? 0.25,
      difficulty: options.difficulty ?? 5,
      created_at: Date.now(),
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
  return row;
}

export interface SeedTeam {
  name?: string;
  status?: 'Pending' | 'Accepted' | 'Rejected' | 'Suspended';
  division?: string | null;
  /** Extra registered members besides the captain. */
  members?: Partial<NewUser>[];
  captain?: Partial<NewUser>;
  bio?: string;
}

/** A team registered for the game, its captain (and any extra members) registered too. */
export async function seedTeam(db: Kysely<DB>, gameId: number, options: SeedTeam = {}) {
  const captain = await createUser(db, buildNewUser(options.captain));
  const team = await createTeam(db, {
    name: options.name ?? `Team ${unique()}`,
    captainId: captain.id,
    bio: options.bio,
  });
  const users = [captain];
  for (const member of options.members ?? []) {
    const user = await createUser(db, buildNewUser(member));
    await addMember(db, team.id, user.id);
    users.push(user);
  }
  const now = Date.now();
  const participation = await db
    .insertInto('participations')
    .values({
      game_id: gameId,
      team_id: team.id,
      status: options.status ?? 'Accepted',
      division: options.division ?? null,
      token: `token-${unique()}`,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, user] of users.entries()) {
    await db
      .insertInto('participation_members')
      .values({
        participation_id: participation.id,
        user_id: user.id,
        game_id: gameId,
        joined_at: now + i,
      })
      .execute();
  }
  return { teamId: team.id, name: team.name, participationId: participation.id, users, captain };
}

export async function setParticipationStatus(
  db: Kysely<DB>,
  participationId: number,
  status: string,
): Promise<void> {
  await db
    .updateTable('participations')
    .set({ status })
    .where('id', '=', participationId)
    .execute();
}

export interface SeedSolve {
  gameId: number;
  challengeId: number;
  team: { participationId: number; users: { id: string; userName: string }[] };
  time: number;
  status?: string;
}

/** A submission (Accepted unless told); the team's first accepted one before the end bumps the
 *  challenge's solve count, as the flag checker does. */
export async function solve(db: Kysely<DB>, input: SeedSolve): Promise<number> {
  const user = input.team.users[0];
  const status = input.status ?? 'Accepted';
  const game = await db
    .selectFrom('games')
    .select('end_time')
    .where('id', '=', input.gameId)
    .executeTakeFirstOrThrow();
  const before = await db
    .selectFrom('submissions')
    .select('id')
    .where('challenge_id', '=', input.challengeId)
    .where('participation_id', '=', input.team.participationId)
    .where('status', '=', 'Accepted')
    .where('submit_time', '<', Number(game.end_time))
    .executeTakeFirst();
  const row = await db
    .insertInto('submissions')
    .values({
      game_id: input.gameId,
      challenge_id: input.challengeId,
      participation_id: input.team.participationId,
      user_id: user.id,
      user_name: user.userName,
      answer: 'flag{vexil_dynamic_flag_test}',
      status,
      submit_time: input.time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status === 'Accepted' && input.time < Number(game.end_time) && !before) {
    await db
      .updateTable('challenges')
      .set({ accepted_count: sql`accepted_count + 1` })
      .where('id', '=', input.challengeId)
      .execute();
  }
  return row.id;
}

/** Registers an existing team (from `seedTeam`) in another game, its captain as the member. */
export async function seedRegistration(
  db: Kysely<DB>,
  gameId: number,
  team: { teamId: number; users: { id: string; userName: string }[] },
  status = 'Accepted',
) {
  const participation = await db
    .insertInto('participations')
    .values({
      game_id: gameId,
      team_id: team.teamId,
      status,
      division: null,
      token: `token-${unique()}`,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('participation_members')
    .values({
      participation_id: participation.id,
      user_id: team.users[0].id,
      game_id: gameId,
      joined_at: Date.now(),
    })
    .execute();
  return { ...team, participationId: participation.id };
}
