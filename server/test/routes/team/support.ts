// Teams for team route tests: users with callers, teams, and games the team registered for,
// written straight to the database (independent of the game engine's own builders).
import type { FastifyInstance } from 'fastify';
import { createSession } from '#server/db/repositories/sessions.js';
import { addMember, createTeam, type Team } from '#server/db/repositories/teams.js';
import { createUser, type NewUser, type User } from '#server/db/repositories/users.js';
import { generateGameKeyPair, sign } from '#server/domain/teamToken.js';
import { caller, type Caller } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';

export interface Player {
  user: User;
  call: Caller;
}

export async function player(app: FastifyInstance, overrides: Partial<NewUser> = {}) {
  const user = await createUser(app.db, buildNewUser(overrides));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return { user, call: caller(app, token) } satisfies Player;
}

/** A team captained by a new player, with `memberCount` further players as members. */
export async function teamWith(
  app: FastifyInstance,
  memberCount = 0,
  options: { name?: string; locked?: boolean } = {},
): Promise<{ team: Team; captain: Player; members: Player[] }> {
  const captain = await player(app);
  const team = await createTeam(app.db, {
    name: options.name ?? `Team ${Math.random().toString(36).slice(2, 8)}`,
    captainId: captain.user.id,
  });
  const members: Player[] = [];
  for (let i = 0; i < memberCount; i++) {
    const member = await player(app);
    await addMember(app.db, team.id, member.user.id);
    members.push(member);
  }
  if (options.locked) {
    await app.db.updateTable('teams').set({ locked: 1 }).where('id', '=', team.id).execute();
  }
  return { team: { ...team, locked: options.locked ?? false }, captain, members };
}

const HOUR = 3_600_000;

/** Registers the team for a new game ending `endsIn` ms from now, with the given users; locks the
 *  team when `accepted`. Answers the game and participation ids. */
export async function register(
  app: FastifyInstance,
  team: Team,
  userIds: string[],
  options: { endsIn?: number; accepted?: boolean } = {},
): Promise<{ gameId: number; participationId: number }> {
  const now = Date.now();
  const keys = generateGameKeyPair();
  const game = await app.db
    .insertInto('games')
    .values({
      title: 'Team test game',
      invite_code: null,
      divisions: null,
      poster_hash: null,
      public_key: keys.publicKey,
      private_key: keys.privateKey,
      start_time: now - HOUR,
      end_time: now + (options.endsIn ?? HOUR),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const participation = await app.db
    .insertInto('participations')
    .values({
      game_id: game.id,
      team_id: team.id,
      status: options.accepted === false ? 'Pending' : 'Accepted',
      division: null,
      token: sign(keys.privateKey, team.id),
      writeup_hash: null,
      writeup_name: null,
      writeup_size: null,
      writeup_time: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of userIds) {
    await app.db
      .insertInto('participation_members')
      .values({
        participation_id: participation.id,
        user_id: userId,
        game_id: game.id,
        joined_at: now,
      })
      .execute();
  }
  if (options.accepted !== false) {
    await app.db.updateTable('teams').set({ locked: 1 }).where('id', '=', team.id).execute();
  }
  return { gameId: game.id, participationId: participation.id };
}

/** The users registered in a participation. */
export async function registeredUsers(app: FastifyInstance, participationId: number) {
  const rows = await app.db
    .selectFrom('participation_members')
    .select('user_id')
    .where('participation_id', '=', participationId)
    .execute();
  return rows.map((row) => row.user_id).sort();
}
