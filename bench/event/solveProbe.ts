/**
 * Solve → visible on the board: picks a (team, challenge) not solved yet, submits the right flag
 * as that team, then polls the public scoreboard about every 10 ms (revalidating with
 * If-None-Match when the server gives an ETag, as a browser would) until the team's row lists
 * the challenge. The time from sending the flag to seeing it is one sample.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.js';
import { randomIndex, type Random } from './random.js';
import type { SeededChallenge, SeededGame, SeededTeam } from './seed.js';
import { anonymousHeaders, submitPath, teamHeaders } from './traffic.js';

export interface SolveProbes {
  samplesMs: number[];
  medianMs: number;
  worstMs: number;
  /** Probes whose solve never showed within the timeout (counted at the timeout); after three
   *  in a row the probing stops, so there may be fewer samples than asked for. */
  timedOut: number;
}

const POLL_MS = 10;
/** Probes stop after this many timeouts in a row: the rest would only repeat the timeout. */
const GIVE_UP_AFTER = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pickUnsolved(
  db: Kysely<DB>,
  game: SeededGame,
  random: Random,
): Promise<{ team: SeededTeam; challenge: SeededChallenge }> {
  // Read the unsolved pairs rather than guess: a fast run of the small CI scenario solves
  // nearly every pair, and random guesses then miss. The held-back teams (seed.ts) keep some
  // pairs unsolved whatever the load did.
  const unsolved = await db
    .selectFrom('game_instances')
    .select(['participation_id', 'challenge_id'])
    .where(
      'participation_id',
      'in',
      game.teams.map((team) => team.participationId),
    )
    .where('is_solved', '=', 0)
    .execute();
  const teams = new Map(game.teams.map((team) => [team.participationId, team]));
  const challenges = new Map(game.challenges.map((challenge) => [challenge.id, challenge]));
  const pairs = unsolved.filter(
    (row) => teams.has(row.participation_id) && challenges.has(row.challenge_id),
  );
  if (pairs.length === 0) throw new Error('No unsolved (team, challenge) left to probe');
  const pair = pairs[randomIndex(random, pairs.length)];
  return { team: teams.get(pair.participation_id)!, challenge: challenges.get(pair.challenge_id)! };
}

/** One probe: milliseconds from submitting to seeing the solve, or null on timeout. */
async function probeOnce(
  url: string,
  game: SeededGame,
  target: { team: SeededTeam; challenge: SeededChallenge },
  timeoutMs: number,
): Promise<number | null> {
  const boardUrl = `${url}/api/game/${game.id}/scoreboard`;
  const began = performance.now();
  const submitted = await fetch(`${url}${submitPath(game.id, target.challenge.id)}`, {
    method: 'POST',
    headers: teamHeaders(target.team),
    body: JSON.stringify({ flag: target.challenge.flag }),
  });
  await submitted.text();
  if (submitted.status !== 200) throw new Error(`Probe submission answered ${submitted.status}`);

  let etag: string | null = null;
  let lastText = '';
  const deadline = AbortSignal.timeout(timeoutMs);
  while (!deadline.aborted) {
    const polled = performance.now();
    const headers: Record<string, string> = { ...anonymousHeaders, 'accept-encoding': 'br, gzip' };
    if (etag) headers['if-none-match'] = etag;
    let response: Response;
    let text: string;
    try {
      response = await fetch(boardUrl, { headers, signal: deadline });
      text = await response.text();
    } catch (error) {
      if (deadline.aborted) return null;
      throw error;
    }
    if (response.status === 200) {
      etag = response.headers.get('etag') ?? etag;
      if (text !== lastText) {
        lastText = text;
        const board = JSON.parse(text) as {
          items: Array<{ id: number; solvedChallenges: Array<{ id: number }> }>;
        };
        const row = board.items.find((item) => item.id === target.team.teamId);
        if (row?.solvedChallenges.some((s) => s.id === target.challenge.id)) {
          return performance.now() - began;
        }
      }
    }
    await sleep(Math.max(0, POLL_MS - (performance.now() - polled)));
  }
  return null;
}

export async function probeSolves(
  url: string,
  db: Kysely<DB>,
  game: SeededGame,
  options: { probes: number; random: Random; timeoutMs?: number },
): Promise<SolveProbes> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const samplesMs: number[] = [];
  let timedOut = 0;
  let inARow = 0;
  for (let i = 0; i < options.probes && inARow < GIVE_UP_AFTER; i++) {
    const target = await pickUnsolved(db, game, options.random);
    const elapsed = await probeOnce(url, game, target, timeoutMs);
    if (elapsed === null) timedOut++;
    inARow = elapsed === null ? inARow + 1 : 0;
    samplesMs.push(elapsed ?? timeoutMs);
    await sleep(50);
  }
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    samplesMs,
    medianMs: sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN,
    worstMs: sorted.length ? sorted[sorted.length - 1] : NaN,
    timedOut,
  };
}
