/**
 * Seeds a running game straight into the database, before the server starts: one-player teams
 * with a session each (the load generator signs in as every team), their Accepted registrations
 * with an instance of every challenge (as accepting a registration creates them), static-flag
 * challenges, and the planned earlier submissions with the state the flag checker derives from
 * them (solved instances with their solve order, counts, FlagSubmit events, blood notices).
 * The game mechanics variant (plan.ts) adds flag match modes, attempt limits, unlock rules with
 * their prerequisites, priced hints with teams' unlocks of them, and awards.
 * Multi-row inserts in chunks, in one transaction; Kysely, so both dialects get the same rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newGuidV7, newSecurityStamp } from '../../server/src/db/ids.js';
import type { DB } from '../../server/src/db/schema.js';
import { generateGameKeyPair, sign } from '../../server/src/domain/teamToken.js';
import { planSeed, type PlanInput, type SeedPlan } from './plan.js';

export interface SeededTeam {
  teamId: number;
  participationId: number;
  userId: string;
  userName: string;
  name: string;
  /** The raw session token of the team's player (cookie `vexil_session`). */
  sessionToken: string;
}

export interface SeededChallenge {
  id: number;
  title: string;
  /** A right answer (for a pattern or case-insensitive flag, one it accepts, not the flag). */
  flag: string;
}

export interface SeededGame {
  id: number;
  teams: SeededTeam[];
  challenges: SeededChallenge[];
  /** Challenge indexes from most to least popular. */
  popularity: number[];
  /** Teams that never get a right flag from the seed or the load (the probes' teams). */
  heldBack: Set<number>;
  /** Seeded submissions (all already checked). */
  submissions: number;
  seedSeconds: number;
}

/** Bind parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SESSION_TTL = 7 * DAY;
const BLOODS = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

async function inChunks<T extends object>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export async function seedGame(
  db: Kysely<DB>,
  input: Omit<PlanInput, 'start' | 'now'>,
): Promise<SeededGame> {
  const began = performance.now();
  const now = Date.now();
  const start = now - HOUR;
  const plan = planSeed({ ...input, start, now });
  const seeded = await db
    .transaction()
    .execute((trx) => writePlan(trx, plan, `Bench event ${input.tag}`, start, now));
  return {
    ...seeded,
    popularity: plan.popularity,
    heldBack: new Set(
      seeded.teams.slice(seeded.teams.length - (input.heldBackTeams ?? 0)).map((t) => t.teamId),
    ),
    submissions: plan.submissions.length,
    seedSeconds: (performance.now() - began) / 1000,
  };
}

async function writePlan(
  trx: Kysely<DB>,
  plan: SeedPlan,
  title: string,
  start: number,
  now: number,
): Promise<Pick<SeededGame, 'id' | 'teams' | 'challenges'>> {
  const users = plan.teams.map((team) => ({
    id: newGuidV7(now),
    user_name: team.userName,
    normalized_user_name: team.userName.toLowerCase(),
    email: `${team.userName}@bench.example`,
    normalized_email: `${team.userName}@bench.example`.toLowerCase(),
    password_hash: null,
    role: 'User' as const,
    email_confirmed: 1 as const,
    register_time: now - DAY,
    last_visited: now,
    last_ip: '127.0.0.1',
    security_stamp: newSecurityStamp(),
  }));
  await inChunks(users, (chunk) => trx.insertInto('users').values(chunk).execute());
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  const sessions = users.map((user, i) => ({
    id: sha256(tokens[i]),
    user_id: user.id,
    created_at: now,
    expires_at: now + SESSION_TTL,
    last_seen_at: now,
    ip: '127.0.0.1',
    user_agent: 'vexil-bench',
    security_stamp: user.security_stamp,
  }));
  await inChunks(sessions, (chunk) => trx.insertInto('sessions').values(chunk).execute());

  const teamIds = new Map<string, number>();
  const teamRows = plan.teams.map((team, i) => ({
    name: team.name,
    invite_token: randomBytes(16).toString('hex'),
    captain_id: users[i].id,
    locked: 1 as const,
    created_at: now - DAY,
  }));
  await inChunks(teamRows, async (chunk) => {
    const rows = await trx.insertInto('teams').values(chunk).returning(['id', 'name']).execute();
    for (const row of rows) teamIds.set(row.name, row.id);
  });
  const teamId = (i: number) => teamIds.get(plan.teams[i].name)!;
  const members = users.map((user, i) => ({
    team_id: teamId(i),
    user_id: user.id,
    joined_at: now - DAY,
  }));
  await inChunks(members, (chunk) => trx.insertInto('team_members').values(chunk).execute());

  const keys = generateGameKeyPair();
  const game = await trx
    .insertInto('games')
    .values({
      title,
      accept_without_review: 1,
      public_key: keys.publicKey,
      private_key: keys.privateKey,
      start_time: start,
      end_time: now + DAY,
      writeup_deadline: now + DAY + HOUR,
      created_at: now - DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const challengeIds = new Map<string, number>();
  const challengeRows = plan.challenges.map((c, i) => ({
    game_id: game.id,
    title: c.title,
    category: c.category,
    type: 'StaticAttachment',
    is_enabled: 1 as const,
    original_score: c.originalScore,
    min_score_rate: c.minScoreRate,
    difficulty: c.difficulty,
    accepted_count: plan.acceptedCount[i],
    submission_count: plan.submissionCount[i],
    max_attempts: c.maxAttempts,
    created_at: now - DAY,
  }));
  await inChunks(challengeRows, async (chunk) => {
    const rows = await trx
      .insertInto('challenges')
      .values(chunk)
      .returning(['id', 'title'])
      .execute();
    for (const row of rows) challengeIds.set(row.title, row.id);
  });
  const challengeId = (i: number) => challengeIds.get(plan.challenges[i].title)!;
  const flags = plan.challenges.map((c, i) => ({
    challenge_id: challengeId(i),
    flag: c.flag,
    match_mode: c.matchMode,
  }));
  await inChunks(flags, (chunk) => trx.insertInto('flags').values(chunk).execute());
  await writeUnlockRules(trx, plan, game.id, challengeId, start);

  const participationIds = new Map<number, number>();
  const participations = plan.teams.map((_, i) => ({
    game_id: game.id,
    team_id: teamId(i),
    status: 'Accepted',
    division: null,
    token: sign(keys.privateKey, teamId(i)),
    created_at: now - DAY,
  }));
  await inChunks(participations, async (chunk) => {
    const rows = await trx
      .insertInto('participations')
      .values(chunk)
      .returning(['id', 'team_id'])
      .execute();
    for (const row of rows) participationIds.set(row.team_id, row.id);
  });
  const participationId = (i: number) => participationIds.get(teamId(i))!;
  const registered = users.map((user, i) => ({
    participation_id: participationId(i),
    user_id: user.id,
    game_id: game.id,
    joined_at: now - DAY,
  }));
  await inChunks(registered, (chunk) =>
    trx.insertInto('participation_members').values(chunk).execute(),
  );

  await writeInstances(trx, plan, participationId, challengeId);
  await writeSubmissions(trx, plan, game.id, participationId, challengeId, users);
  await writeHintsAndAwards(trx, plan, game.id, participationId, challengeId, users);

  return {
    id: game.id,
    teams: plan.teams.map((team, i) => ({
      teamId: teamId(i),
      participationId: participationId(i),
      userId: users[i].id,
      userName: team.userName,
      name: team.name,
      sessionToken: tokens[i],
    })),
    challenges: plan.challenges.map((c, i) => ({
      id: challengeId(i),
      title: c.title,
      flag: c.answer,
    })),
  };
}

/** The variant's gated challenges: a rule each (released at the game's start, shown locked) and
 *  their prerequisite edges. */
async function writeUnlockRules(
  trx: Kysely<DB>,
  plan: SeedPlan,
  gameId: number,
  challengeId: (challenge: number) => number,
  start: number,
) {
  const gated = plan.challenges
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.prerequisites.length > 0);
  const rules = gated.map(({ c, i }) => ({
    challenge_id: challengeId(i),
    game_id: gameId,
    prerequisite_count: c.prerequisiteCount,
    unlock_score: null,
    release_time: start,
    show_when_locked: 1 as const,
    release_notice: 0 as const,
  }));
  await inChunks(rules, (chunk) => trx.insertInto('challenge_unlocks').values(chunk).execute());
  const edges = gated.flatMap(({ c, i }) =>
    c.prerequisites.map((required) => ({
      challenge_id: challengeId(i),
      required_id: challengeId(required),
    })),
  );
  await inChunks(edges, (chunk) =>
    trx.insertInto('challenge_prerequisites').values(chunk).execute(),
  );
}

/** The variant's priced hints, the teams' unlocks of them (at the price, as unlocking records
 *  it) and the organisers' awards. */
async function writeHintsAndAwards(
  trx: Kysely<DB>,
  plan: SeedPlan,
  gameId: number,
  participationId: (team: number) => number,
  challengeId: (challenge: number) => number,
  users: Array<{ id: string }>,
) {
  const hintIds = new Map<number, { id: number; cost: number }>();
  for (const [i, c] of plan.challenges.entries()) {
    for (const [position, cost] of c.hintCosts.entries()) {
      const row = await trx
        .insertInto('challenge_hints')
        .values({
          challenge_id: challengeId(i),
          game_id: gameId,
          position,
          content: `Hint ${position + 1} of ${c.title}`,
          cost,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Teams unlock the first hint (the only one the plan makes).
      if (position === 0) hintIds.set(i, { id: row.id, cost });
    }
  }
  const unlocks = plan.hintUnlocks.map((u) => ({
    game_id: gameId,
    challenge_id: challengeId(u.challenge),
    hint_id: hintIds.get(u.challenge)!.id,
    participation_id: participationId(u.team),
    user_id: users[u.team].id,
    user_name: plan.teams[u.team].userName,
    cost: hintIds.get(u.challenge)!.cost,
    time: u.time,
  }));
  await inChunks(unlocks, (chunk) => trx.insertInto('hint_unlocks').values(chunk).execute());
  const awards = plan.awards.map((a, n) => ({
    game_id: gameId,
    participation_id: participationId(a.team),
    value: a.value,
    reason: `Bench award ${n + 1}`,
    time: a.time,
    given_by: null,
    created_at: a.time,
    updated_at: a.time,
  }));
  await inChunks(awards, (chunk) => trx.insertInto('awards').values(chunk).execute());
}

/** One instance per team and challenge; solved ones carry their solve order, viewed ones are
 *  loaded (a team submits only to challenges it has opened). */
async function writeInstances(
  trx: Kysely<DB>,
  plan: SeedPlan,
  participationId: (team: number) => number,
  challengeId: (challenge: number) => number,
) {
  const count = plan.challenges.length;
  const order = new Map(plan.solves.map((s) => [s.team * count + s.challenge, s.order]));
  const opened = new Set(plan.submissions.map((s) => s.team * count + s.challenge));
  const instances = [];
  for (let team = 0; team < plan.teams.length; team++) {
    for (let challenge = 0; challenge < count; challenge++) {
      const key = team * count + challenge;
      instances.push({
        participation_id: participationId(team),
        challenge_id: challengeId(challenge),
        is_loaded: opened.has(key) ? (1 as const) : (0 as const),
        is_solved: order.has(key) ? (1 as const) : (0 as const),
        solve_order: order.get(key) ?? null,
      });
    }
  }
  await inChunks(instances, (chunk) => trx.insertInto('game_instances').values(chunk).execute());
}

/** The submissions with their final result, a FlagSubmit event each, and the blood notices. */
async function writeSubmissions(
  trx: Kysely<DB>,
  plan: SeedPlan,
  gameId: number,
  participationId: (team: number) => number,
  challengeId: (challenge: number) => number,
  users: Array<{ id: string }>,
) {
  const submissions = plan.submissions.map((s) => ({
    game_id: gameId,
    challenge_id: challengeId(s.challenge),
    participation_id: participationId(s.team),
    user_id: users[s.team].id,
    user_name: plan.teams[s.team].userName,
    answer: s.answer,
    status: s.correct ? 'Accepted' : 'WrongAnswer',
    submit_time: s.time,
  }));
  await inChunks(submissions, (chunk) => trx.insertInto('submissions').values(chunk).execute());

  const events = plan.submissions.map((s) => {
    const challenge = plan.challenges[s.challenge];
    return {
      game_id: gameId,
      type: 'FlagSubmit',
      values: JSON.stringify([
        s.correct ? 'Accepted' : 'WrongAnswer',
        s.answer,
        challenge.title,
        String(challengeId(s.challenge)),
      ]),
      time: s.time,
      user_name: plan.teams[s.team].userName,
      team_name: plan.teams[s.team].name,
    };
  });
  await inChunks(events, (chunk) => trx.insertInto('game_events').values(chunk).execute());

  const notices = plan.solves
    .filter((s) => s.order <= BLOODS.length)
    .map((s) => ({
      game_id: gameId,
      type: BLOODS[s.order - 1],
      values: JSON.stringify([plan.teams[s.team].name, plan.challenges[s.challenge].title]),
      time: s.time,
    }));
  await inChunks(notices, (chunk) => trx.insertInto('game_notices').values(chunk).execute());
}
