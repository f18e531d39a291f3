/**
 * After the starts: every team whose start was taken (a 200, or no answer at all, since the server
 * may still be creating it) destroys its container through the API, all at once, once the
 * 10-second guard between two operations on an instance has passed (a 429 of the guard is
 * followed after its Retry-After). Then what is left on the engine is counted: units carrying
 * this deployment's owner label, right after the last destroy answered and, if any, again a
 * little later (a unit still being removed is not the same as one nobody will remove).
 */
import { LABELS } from '../../server/src/domain/containers.js';
import type { SeededTeam } from '../event/seed.js';
import type { BenchEngine } from './engines.js';
import { bodylessHeaders, type StartTarget, type TeamStart } from './teamStart.js';

/** The guard (domain/containers.ts CONTAINER_OPERATION_GAP_MS) and a little margin. */
const GUARD_MS = 10_000 + 500;
const GUARD_RETRIES = 3;
const SETTLE_MS = 10_000;

export interface TeamDestroy {
  team: string;
  status: number | null;
  problem?: string;
  ms: number;
}

/** Owner-labelled units on the engine at one moment. */
export interface Left {
  count: number;
  /** Of those, units whose container runs. */
  running: number;
  /** Of those, units without a row in Vexil's `containers` table (no destroy can reach them). */
  withoutRow: number;
}

export interface Destroys {
  teams: TeamDestroy[];
  /** Right after the last destroy answered. */
  left: Left;
  /** SETTLE_MS later, when the first count was not 0. */
  leftAfterSettle?: Left;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function destroyOne(target: StartTarget, team: SeededTeam): Promise<TeamDestroy> {
  const began = performance.now();
  const path = `/api/game/${target.gameId}/container/${target.challengeId}`;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${target.url}${path}`, {
        method: 'DELETE',
        headers: bodylessHeaders(team),
        signal: AbortSignal.timeout(target.timeoutMs),
      });
    } catch (error) {
      const ms = performance.now() - began;
      return { team: team.name, status: null, problem: (error as Error).message, ms };
    }
    const text = await response.text();
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status === 429 && attempt < GUARD_RETRIES && retryAfter > 0) {
      await sleep(retryAfter * 1000);
      continue;
    }
    const ms = performance.now() - began;
    if (response.ok) return { team: team.name, status: response.status, ms };
    let problem = text.slice(0, 120);
    try {
      problem = (JSON.parse(text) as { title?: string }).title ?? problem;
    } catch {
      // not JSON: the text itself
    }
    return { team: team.name, status: response.status, problem, ms };
  }
}

async function leftOn(
  engine: BenchEngine,
  owner: string,
  recorded: () => Promise<Set<string>>,
): Promise<Left> {
  const units = await engine.units.units([`${LABELS.owner}=${owner}`]);
  const rows = await recorded();
  return {
    count: units.length,
    running: units.filter((unit) => unit.running).length,
    withoutRow: units.filter((unit) => !rows.has(unit.labels[LABELS.instance])).length,
  };
}

/** `recorded` answers the ids of Vexil's `containers` rows (the `vexil.instance` labels). */
export async function destroyAll(
  target: StartTarget,
  engine: BenchEngine,
  owner: string,
  recorded: () => Promise<Set<string>>,
  teams: SeededTeam[],
  starts: TeamStart[],
): Promise<Destroys> {
  const taken = teams.filter((_, i) => starts[i].status === 200 || starts[i].status === null);
  const lastPost = Math.max(...starts.map((s) => s.postedAt));
  await sleep(Math.max(0, lastPost + GUARD_MS - performance.now()));
  const answers = await Promise.all(taken.map((team) => destroyOne(target, team)));
  const left = await leftOn(engine, owner, recorded);
  if (left.count === 0) return { teams: answers, left };
  await sleep(SETTLE_MS);
  return { teams: answers, left, leftAfterSettle: await leftOn(engine, owner, recorded) };
}
