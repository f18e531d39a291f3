/**
 * What `/readyz` answers, from the states of the dependencies' probes (the probes themselves are
 * services/readiness/probes.ts): each probe bounded by a timeout, and the verdict over them.
 */

/** How long a probe may take before its dependency counts as unreachable. */
export const PROBE_TIMEOUT_MS = 2000;

export type DependencyState = 'ok' | 'unreachable';

export interface DependencyProbe {
  name: 'database' | 'redis' | 'docker';
  /** Whether the instance cannot serve without it (only the database: see health.ts). */
  required: boolean;
  check(): Promise<unknown>;
}

/** Runs `probe` bounded by the timeout: `ok`, or `unreachable` on a failure or no answer. */
export async function stateOf(probe: DependencyProbe): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe.check(), timedOut]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** Each probe's state by name, and the overall state: `unavailable` when a required one (or,
 *  when `strict`, any one) is not ok, `degraded` when only an optional one is not. */
export async function readiness(
  probes: DependencyProbe[],
  strict: boolean,
): Promise<{ ready: boolean; body: Record<string, string> }> {
  const states = await Promise.all(probes.map(stateOf));
  const body: Record<string, string> = {};
  let unready = false;
  let degraded = false;
  probes.forEach((probe, i) => {
    body[probe.name] = states[i];
    if (states[i] === 'ok') return;
    if (probe.required || strict) unready = true;
    else degraded = true;
  });
  const status = unready ? 'unavailable' : degraded ? 'degraded' : 'ready';
  return { ready: !unready, body: { status, ...body } };
}
