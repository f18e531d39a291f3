// Competition test builders: games, challenges, flags, teams with signed-in members
// and accepted registrations, written straight to the database with sensible defaults. Override
// what the test is about; every builder returns what it made.
import type { FastifyInstance } from 'fastify';
import {
  createChallenge as insertChallenge,
  createInstancesForChallenge,
  type Challenge,
  type NewChallenge,
} from '#server/db/repositories/challenges.js';
import { insertFlags } from '#server/db/repositories/flags.js';
import {
  createGame as insertGame,
  type Game,
  type GameSettings,
} from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { addMember, createTeam, type Team } from '#server/db/repositories/teams.js';
import { createUser, type User } from '#server/db/repositories/users.js';
import { toFlag } from '#server/db/tables/columns.js';
import { generateGameKeyPair, sign } from '#server/domain/teamToken.js';
import { caller, type Caller } from './app.js';
import { buildNewUser } from './builders.js';

let sequence = 0;
const unique = () => `${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MINUTE = 60_000;

/**
 * A game that started 5 minutes ago and ends in 2 hours, accepting teams without review, no
 * practice mode (the seed of the reference's own tests).
 */
export async function createGame(
  app: FastifyInstance,
  overrides: Partial<GameSettings> = {},
): Promise<Game> {
  const now = Date.now();
  return insertGame(app.db, {
    title: `Game ${unique()}`,
    start: now - 5 * MINUTE,
    end: now + 120 * MINUTE,
    acceptWithoutReview: true,
    practiceMode: false,
    writeupDeadline: now + 180 * MINUTE,
    ...generateGameKeyPair(),
    ...overrides,
  });
}

export interface ChallengeOverrides extends Partial<NewChallenge> {
  /** Flags to store (default: one unique flag, none for DynamicContainer). */
  flags?: string[];
}

export interface BuiltChallenge extends Challenge {
  flags: string[];
}

/**
 * An enabled static challenge with one flag (O = 1000, r = 0.25, d = 5 unless overridden). An
 * enabled challenge gets instances for every registration of the game, as enabling does.
 */
export async function createChallenge(
  app: FastifyInstance,
  gameId: number,
  overrides: ChallengeOverrides = {},
): Promise<BuiltChallenge> {
  const { flags: wanted, ...settings } = overrides;
  const type = settings.type ?? 'StaticAttachment';
  const flags = wanted ?? (type === 'DynamicContainer' ? [] : [`flag{${unique()}}`]);
  const challenge = await insertChallenge(app.db, gameId, {
    title: `Challenge ${unique()}`,
    isEnabled: true,
    ...settings,
  });
  await addFlags(app, challenge.id, flags);
  if (challenge.isEnabled) await createInstancesForChallenge(app.db, gameId, challenge.id);
  return { ...challenge, flags };
}

/** Stores flags (without attachments) on a challenge. */
export async function addFlags(app: FastifyInstance, challengeId: number, flags: string[]) {
  await insertFlags(
    app.db,
    challengeId,
    flags.map((flag) => ({ flag, attachmentId: null })),
  );
}

export interface Member {
  user: User;
  /** A caller signed in as this user. */
  call: Caller;
}

export interface TeamWithMembers {
  team: Team;
  /** members[0] is the captain. */
  members: Member[];
}

/** A user with a session; role User unless given. */
export async function createMember(
  app: FastifyInstance,
  overrides: Parameters<typeof buildNewUser>[0] = {},
): Promise<Member> {
  const user = await createUser(app.db, buildNewUser(overrides));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return { user, call: caller(app, token) };
}

/** A team of `size` signed-in users (default 1); the first is the captain. */
export async function createTeamWithMembers(
  app: FastifyInstance,
  options: { size?: number; name?: string } = {},
): Promise<TeamWithMembers> {
  const members: Member[] = [];
  for (let i = 0; i < (options.size ?? 1); i++) members.push(await createMember(app));
  const team = await createTeam(app.db, {
    name: options.name ?? `T${unique()}`.slice(0, 20),
    captainId: members[0].user.id,
  });
  for (const member of members.slice(1)) await addMember(app.db, team.id, member.user.id);
  return { team, members };
}

export interface Registration {
  id: number;
  token: string;
}

/**
 * Registers the team's members in the game with the given status (default Accepted). An Accepted
 * registration locks the team and gets instances of every enabled challenge.
 */
export async function joinAndAccept(
  app: FastifyInstance,
  game: Game,
  { team, members }: TeamWithMembers,
  options: { status?: string; division?: string | null; now?: number } = {},
): Promise<Registration> {
  const { status = 'Accepted', division = null, now = Date.now() } = options;
  const token = sign(game.privateKey, team.id);
  const row = await app.db
    .insertInto('participations')
    .values({ game_id: game.id, team_id: team.id, status, division, token, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('participation_members')
    .values(
      members.map((m) => ({
        participation_id: row.id,
        user_id: m.user.id,
        game_id: game.id,
        joined_at: now,
      })),
    )
    .execute();
  if (status === 'Accepted') {
    await app.db
      .updateTable('teams')
      .set({ locked: toFlag(true) })
      .where('id', '=', team.id)
      .execute();
    const enabled = await app.db
      .selectFrom('challenges')
      .select('id')
      .where('game_id', '=', game.id)
      .where('is_enabled', '=', 1)
      .execute();
    if (enabled.length > 0) {
      await app.db
        .insertInto('game_instances')
        .values(enabled.map((c) => ({ participation_id: row.id, challenge_id: c.id })))
        .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
        .execute();
    }
  }
  return { id: row.id, token };
}
