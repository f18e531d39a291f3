/**
 * Transient engine failures are tried again (issue 24): an engine flooded with requests hangs up,
 * resets connections or answers 5xx, and gives way a moment later. A try that fails so is repeated
 * after a pause that starts at `firstDelayMs` and doubles up to `maxDelayMs`, until `totalMs` have
 * passed since the first; each retry is counted (`vexil_container_engine_retries_total`) and logged
 * as one warning line without a stack. A refusal (an unknown image, impossible limits) and an
 * engine that is not there at all (no socket, no such host) are not retried: they reach the caller
 * at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineRetryConfig } from '../../config.js';
import { ContainerEngineError, ContainerEngineUnavailableError } from './provider.js';

/** What the engine was asked to do, the `operation` label of the retry counter. */
export type EngineOperation = 'create' | 'destroy' | 'inspect' | 'list';

/** Connection failures that say no engine is there at all: a minute of retries would not help. */
const ABSENT = new Set(['ENOENT', 'EACCES', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Engine answers that refuse the request for good, whatever their status code. */
const REFUSAL =
  /no such image|not found|manifest unknown|pull access denied|repository does not exist|invalid|minimum memory|unauthori[sz]ed|denied|not supported/i;

interface EngineCause {
  code?: string;
  statusCode?: number;
  message?: string;
}

const causeOf = (error: Error): EngineCause => (error.cause ?? {}) as EngineCause;

/** Whether trying the same again a little later may succeed. */
export function isTransientEngineFailure(error: unknown): boolean {
  if (error instanceof ContainerEngineUnavailableError) {
    return !ABSENT.has(causeOf(error).code ?? '');
  }
  if (error instanceof ContainerEngineError) {
    if (error.refusal) return false;
    const status = causeOf(error).statusCode ?? 0;
    // A name still taken: an earlier try's container, which the caller removes before the next.
    if (status === 409) return true;
    return status >= 500 && !REFUSAL.test(error.message);
  }
  return false;
}

/** The failure in one line: the provider's words and the client's (no stack). */
export function engineFailureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = causeOf(error).message;
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}

export interface RetryLog {
  warn(object: object, message: string): void;
}

export interface RetryOptions {
  /** Runs before every retry (not before the first try), e.g. to remove what a failed try left. */
  beforeRetry?: () => Promise<void>;
  /** Stops retrying (the instance stops): the last failure is thrown at once. */
  signal?: AbortSignal;
}

export class EngineRetry {
  constructor(
    private readonly config: EngineRetryConfig,
    private readonly log: RetryLog,
    private readonly counted: (operation: EngineOperation) => void = () => undefined,
  ) {}

  /** Runs `attempt` until it succeeds, fails for good, or the retry time is used up. */
  async run<T>(
    operation: EngineOperation,
    what: string,
    attempt: () => Promise<T>,
    { beforeRetry, signal }: RetryOptions = {},
  ): Promise<T> {
    const { firstDelayMs, maxDelayMs, totalMs } = this.config;
    const firstTry = Date.now();
    let delay = firstDelayMs;
    for (let tries = 1; ; tries++) {
      try {
        if (tries > 1) await beforeRetry?.();
        return await attempt();
      } catch (error) {
        if (!isTransientEngineFailure(error) || signal?.aborted) throw error;
        if (Date.now() + delay - firstTry > totalMs) throw error;
        this.counted(operation);
        this.log.warn(
          { operation, tries },
          `Container engine: could not ${operation} ${what} (${engineFailureText(error)}); trying again in ${delay} ms`,
        );
        await sleep(delay, undefined, { signal }).catch(() => {
          throw error;
        });
        delay = Math.min(delay * 2, maxDelayMs);
      }
    }
  }
}
