/**
 * Sizes and durations of the event benchmark, read from the environment once so that the bench
 * (full size) and the CI test (small size) run the same scenario code with different numbers.
 */

export interface EventOptions {
  /** Teams of the main game, one player each (BENCH_TEAMS). */
  teams: number;
  /** Challenges per game (BENCH_CHALLENGES). */
  challenges: number;
  /** Earlier submissions seeded into the main game (BENCH_SUBMISSIONS). */
  submissions: number;
  /** Teams of the second game, the one the POST comparison submits to. */
  postTeams: number;
  /** Seconds of the sustained submission run (BENCH_SECONDS). */
  submitSeconds: number;
  /** Requests in flight during the sustained run (BENCH_IN_FLIGHT). */
  inFlight: number;
  /** Seconds of each GET/POST comparison (BENCH_GET_SECONDS). */
  getSeconds: number;
  /** Connections of the GET/POST comparisons (BENCH_CONNECTIONS). */
  connections: number;
  /** Background submissions per second while the board is read and probed. */
  backgroundRate: number;
  /** Solve → board probes (BENCH_PROBES). */
  probes: number;
  /** How long a probe waits for its solve to show before counting it as not seen. */
  probeTimeoutSeconds: number;
  /** Longest wait for the flag checker to drain, in seconds (BENCH_DRAIN_SECONDS). */
  drainSeconds: number;
  /** Share of submissions carrying the right flag. */
  correctShare: number;
  /** Zipf exponent of challenge popularity. */
  zipfExponent: number;
  /** Seed of every random choice, so runs are repeatable (BENCH_RANDOM_SEED). */
  randomSeed: number;
  /** The game mechanics variant of the seed (issue 25, plan.ts; BENCH_MECHANICS=1). */
  mechanics: boolean;
}

type Env = Record<string, string | undefined>;

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Unset, empty or 0: off; 1: on. */
function flag(env: Env, name: string): boolean {
  const raw = env[name] ?? '';
  if (raw !== '' && raw !== '0' && raw !== '1') throw new Error(`${name} must be 0 or 1`);
  return raw === '1';
}

/** Full size (issue 12), each figure overridable through its BENCH_* variable. */
export function eventOptionsFromEnv(env: Env = process.env): EventOptions {
  return {
    teams: positive(env, 'BENCH_TEAMS', 1000),
    challenges: positive(env, 'BENCH_CHALLENGES', 100),
    submissions: positive(env, 'BENCH_SUBMISSIONS', 100_000),
    postTeams: positive(env, 'BENCH_POST_TEAMS', 200),
    submitSeconds: positive(env, 'BENCH_SECONDS', 60),
    inFlight: positive(env, 'BENCH_IN_FLIGHT', 64),
    getSeconds: positive(env, 'BENCH_GET_SECONDS', 10),
    connections: positive(env, 'BENCH_CONNECTIONS', 50),
    backgroundRate: positive(env, 'BENCH_BACKGROUND_RATE', 200),
    probes: positive(env, 'BENCH_PROBES', 40),
    probeTimeoutSeconds: positive(env, 'BENCH_PROBE_TIMEOUT_SECONDS', 10),
    drainSeconds: positive(env, 'BENCH_DRAIN_SECONDS', 120),
    correctShare: 0.3,
    zipfExponent: 1,
    randomSeed: positive(env, 'BENCH_RANDOM_SEED', 12),
    mechanics: flag(env, 'BENCH_MECHANICS'),
  };
}
