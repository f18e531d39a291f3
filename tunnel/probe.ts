/**
 * Latency and "pingfall" (tunnel contract §2.8): every few seconds each tunnel's proxy URL is asked
 * with a plain `OPTIONS` (the platform answers 204 while the container lives, 404 once it is gone).
 * The latency is half the round trip, or -1. A site that asked for the `pingfall` feature loses a
 * tunnel whose container is definitely gone (404 or 410), never on a refusal such as 429 or on a
 * network error.
 */
import type { ScopeRegistry } from './consent.js';
import type { InstancePool, Log, TunnelInstance } from './pool.js';

export const PROBE_INTERVAL_MS = 5_000;
const GONE = new Set([404, 410]);

export interface ProbeOptions {
  intervalMs?: number;
  userAgent: string;
  log?: Log;
}

/** The http(s) form of a ws(s) URL; only the scheme changes. */
export const probeUrlOf = (remote: string) => remote.replace(/^ws(s?):/i, 'http$1:');

export async function probeOnce(
  instance: TunnelInstance,
  { userAgent, timeoutMs }: { userAgent: string; timeoutMs: number },
): Promise<{ latency: number; gone: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(probeUrlOf(instance.remote), {
      method: 'OPTIONS',
      headers: { 'User-Agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    const latency = response.ok ? Math.round((performance.now() - started) / 2) : -1;
    return { latency, gone: GONE.has(response.status) };
  } catch {
    return { latency: -1, gone: false };
  }
}

/** Probes every tunnel until the returned function is called. */
export function startProbes(
  pool: InstancePool,
  registry: ScopeRegistry,
  options: ProbeOptions,
): () => void {
  const { intervalMs = PROBE_INTERVAL_MS, userAgent, log = () => {} } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const round = async () => {
    await Promise.all(
      pool.list().map(async (instance) => {
        const { latency, gone } = await probeOnce(instance, { userAgent, timeoutMs: intervalMs });
        pool.setLatency(instance.local, latency);
        const pingfall = registry.get(instance.scope)?.features.includes('pingfall') ?? false;
        if (gone && pingfall && pool.list(instance.scope).some((i) => i.local === instance.local)) {
          log(`Tunnel ${instance.local}: the instance is gone, closing it`);
          pool.remove(instance.scope, instance.local);
        }
      }),
    );
    if (!stopped) timer = setTimeout(() => void round(), intervalMs);
  };
  timer = setTimeout(() => void round(), intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
