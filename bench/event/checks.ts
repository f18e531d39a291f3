/**
 * What must hold after a load, read from the database and the public board: the flag checker
 * drained its queue, no answered submission was lost (missing or never checked), every checked
 * submission was counted exactly once on its challenge, every solving team once, and the board
 * lists for each team exactly the challenges it has an Accepted submission for.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.js';
import type { SeededGame } from './seed.js';
import { anonymousHeaders } from './traffic.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function uncheckedCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'FlagSubmitted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface Drain {
  drained: boolean;
  seconds: number;
  /** Submissions still unchecked when the wait ended. */
  left: number;
}

async function submissionCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Waits (bounded) until no submission is left unchecked and none has arrived for a moment:
 * requests in flight when a load stops still reach the database afterwards. `seconds` is when
 * the queue was first seen empty in that quiet spell.
 */
export async function waitDrained(
  db: Kysely<DB>,
  timeoutSeconds: number,
  quietMs = 2000,
): Promise<Drain> {
  const began = performance.now();
  let emptySince: number | null = null;
  let stored = -1;
  for (;;) {
    const left = await uncheckedCount(db);
    const count = await submissionCount(db);
    const now = performance.now();
    if (left > 0) emptySince = null;
    else if (emptySince === null || count !== stored) emptySince = now;
    stored = count;
    if (emptySince !== null && now - emptySince >= quietMs) {
      return { drained: true, seconds: (emptySince - began) / 1000, left };
    }
    if (now - began > timeoutSeconds * 1000) {
      return { drained: false, seconds: (now - began) / 1000, left };
    }
    await sleep(100);
  }
}

export interface Lost {
  /** Answered ids missing from the database or still unchecked. */
  lost: number;
  /** Of those, the ones missing from the database altogether. */
  missing: number;
}

export async function lostSubmissions(db: Kysely<DB>, answeredIds: number[]): Promise<Lost> {
  let stored = 0;
  let checked = 0;
  const unique = [...new Set(answeredIds)];
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db
      .selectFrom('submissions')
      .select(['id', 'status'])
      .where('id', 'in', unique.slice(i, i + 5000))
      .execute();
    stored += rows.length;
    checked += rows.filter((r) => r.status !== 'FlagSubmitted').length;
  }
  // An id answered twice is a lost submission too: two requests were told the same id.
  const duplicates = answeredIds.length - unique.length;
  return {
    lost: unique.length - checked + duplicates,
    missing: unique.length - stored + duplicates,
  };
}

export interface Counts {
  /** Sum of the game's challenges' submission_count. */
  submissionCountSum: number;
  /** Checked submissions of the game in the table. */
  checked: number;
}

export async function readCounts(db: Kysely<DB>, gameId: number): Promise<Counts> {
  const sum = await db
    .selectFrom('challenges')
    .select(sql<number>`coalesce(sum(submission_count), 0)`.as('n'))
    .where('game_id', '=', gameId)
    .executeTakeFirstOrThrow();
  const checked = await db
    .selectFrom('submissions')
    .select(sql<number>`count(*)`.as('n'))
    .where('game_id', '=', gameId)
    .where('status', '!=', 'FlagSubmitted')
    .executeTakeFirstOrThrow();
  return { submissionCountSum: Number(sum.n), checked: Number(checked.n) };
}

export interface CountedOnce {
  /** submission_count grew by this much since the baseline … */
  submissionCountGrowth: number;
  /** … and this many more submissions were checked. */
  checkedGrowth: number;
  /** Challenges whose accepted_count differs from their solved instances or solving teams. */
  acceptedCountMismatches: number;
  /** Challenges whose solve orders are not exactly 1 … accepted_count. */
  solveOrderMismatches: number;
  /** (team, challenge) pairs solved on one side only: instances vs Accepted submissions. */
  solvedPairMismatches: number;
  ok: boolean;
}

/** Distinct (participation, challenge) pairs with an Accepted submission, as "p:c" keys. */
async function acceptedPairs(db: Kysely<DB>, gameId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('submissions')
    .select(['participation_id', 'challenge_id'])
    .distinct()
    .where('game_id', '=', gameId)
    .where('status', '=', 'Accepted')
    .execute();
  return new Set(rows.map((r) => `${r.participation_id}:${r.challenge_id}`));
}

export async function checkCountedOnce(
  db: Kysely<DB>,
  gameId: number,
  baseline: Counts,
): Promise<CountedOnce> {
  const now = await readCounts(db, gameId);
  const challenges = await db
    .selectFrom('challenges')
    .select(['id', 'accepted_count'])
    .where('game_id', '=', gameId)
    .execute();
  const solved = await db
    .selectFrom('game_instances as i')
    .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
    .select(['i.participation_id', 'i.challenge_id', 'i.solve_order'])
    .where('c.game_id', '=', gameId)
    .where('i.is_solved', '=', 1)
    .execute();
  const accepted = await acceptedPairs(db, gameId);
  const solvedKeys = new Set(solved.map((s) => `${s.participation_id}:${s.challenge_id}`));
  let solvedPairMismatches = 0;
  for (const key of accepted) if (!solvedKeys.has(key)) solvedPairMismatches++;
  for (const key of solvedKeys) if (!accepted.has(key)) solvedPairMismatches++;

  let acceptedCountMismatches = 0;
  let solveOrderMismatches = 0;
  for (const challenge of challenges) {
    const own = solved.filter((s) => s.challenge_id === challenge.id);
    const teams = [...accepted].filter((k) => k.endsWith(`:${challenge.id}`)).length;
    const count = Number(challenge.accepted_count);
    if (own.length !== count || teams !== count) acceptedCountMismatches++;
    const orders = own.map((s) => Number(s.solve_order)).sort((a, b) => a - b);
    if (orders.some((order, i) => order !== i + 1)) solveOrderMismatches++;
  }
  const submissionCountGrowth = now.submissionCountSum - baseline.submissionCountSum;
  const checkedGrowth = now.checked - baseline.checked;
  return {
    submissionCountGrowth,
    checkedGrowth,
    acceptedCountMismatches,
    solveOrderMismatches,
    solvedPairMismatches,
    ok:
      submissionCountGrowth === checkedGrowth &&
      now.submissionCountSum === now.checked &&
      acceptedCountMismatches === 0 &&
      solveOrderMismatches === 0 &&
      solvedPairMismatches === 0,
  };
}

interface BoardItem {
  id: number;
  solvedChallenges: Array<{ id: number }>;
}

export interface BoardCheck {
  /** Teams whose row differs from their Accepted submissions (or that are missing). */
  mismatchedTeams: number;
  teams: number;
  /** Seconds until the board matched (or the wait ended). */
  seconds: number;
  /** A few wrong rows: the team, the challenges it solved, the challenges its row lists. */
  examples: Array<{ teamId: number; solved: number[]; listed: number[] | null }>;
}

/** Polls the public board (bounded) until every team's row lists exactly its solved challenges. */
export async function checkBoard(
  url: string,
  db: Kysely<DB>,
  game: SeededGame,
  timeoutSeconds = 60,
): Promise<BoardCheck> {
  const teamOf = new Map(game.teams.map((t) => [t.participationId, t.teamId]));
  const began = performance.now();
  for (;;) {
    // The database is the truth the board converges to: read it again on every round.
    const expected = new Map(game.teams.map((t) => [t.teamId, new Set<number>()]));
    for (const key of await acceptedPairs(db, game.id)) {
      const [participation, challenge] = key.split(':').map(Number);
      expected.get(teamOf.get(participation)!)?.add(challenge);
    }
    const response = await fetch(`${url}/api/game/${game.id}/scoreboard`, {
      headers: anonymousHeaders,
    });
    const board = (await response.json()) as { items: BoardItem[] };
    const rows = new Map(board.items.map((item) => [item.id, item]));
    const examples: BoardCheck['examples'] = [];
    let mismatchedTeams = 0;
    for (const [teamId, challenges] of expected) {
      const listed = rows.get(teamId)?.solvedChallenges.map((s) => s.id) ?? null;
      const same =
        listed !== null &&
        listed.length === challenges.size &&
        listed.every((id) => challenges.has(id));
      if (same) continue;
      mismatchedTeams++;
      if (examples.length < 3) examples.push({ teamId, solved: [...challenges], listed });
    }
    const seconds = (performance.now() - began) / 1000;
    if (mismatchedTeams === 0 || seconds > timeoutSeconds) {
      return { mismatchedTeams, teams: expected.size, seconds, examples };
    }
    await sleep(250);
  }
}
