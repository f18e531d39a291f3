/**
 * The one TanStack QueryClient, shared by the shell's hooks and the react-admin console.
 *
 * Defaults follow the seed's refresh rules (§9): revalidate on focus (at most every 5 s) and on
 * reconnect, identical requests within 2 s share one answer, a failed query retries after 5 s
 * (10 s on a slow connection) unless the server refused it: a 4xx answer is shown at once. A hook that polls sets `refetchInterval: REFRESH_INTERVAL` itself
 * (the hook decides polling); pages show a "still loading" hint after
 * `loadingTimeout()` (./useLoadingSlow.ts).
 */
import { focusManager, QueryClient } from '@tanstack/react-query';

/** Interval for data that polls (scoreboards, notices…), in ms. */
export const REFRESH_INTERVAL = 10_000;
/** Identical requests within this window share one answer, in ms. */
export const DEDUPE_INTERVAL = 2_000;
/** Focus events closer than this do not revalidate again, in ms. */
export const FOCUS_THROTTLE = 5_000;
/** Delay before retrying a failed query, in ms (doubled on a slow connection). */
export const ERROR_RETRY_DELAY = 5_000;
/** After this long a load counts as slow, in ms (doubled-ish on a slow connection: 5 s). */
export const LOADING_TIMEOUT = 3_000;

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** The browser reports a slow link (2G-class or data saver). */
export function isSlowConnection(): boolean {
  const connection = (globalThis.navigator as { connection?: NetworkInformation } | undefined)
    ?.connection;
  if (!connection) return false;
  return connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** Answers that may change on a second try: time-outs and rate limits; other 4xx are final. */
const RETRIED_REFUSALS = new Set([408, 429]);

/**
 * Refusals (4xx) are answers, not accidents: only network errors, server errors, time-outs and
 * rate limits are retried, twice. Reads the `status` of the shell's and react-admin's HttpError.
 */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const refused =
    typeof status === 'number' && status >= 400 && status < 500 && !RETRIED_REFUSALS.has(status);
  return failures < 2 && !refused;
}

export const errorRetryDelay = () => (isSlowConnection() ? 10_000 : ERROR_RETRY_DELAY);
export const loadingTimeout = () => (isSlowConnection() ? 5_000 : LOADING_TIMEOUT);

/**
 * Tells TanStack Query about focus changes, but at most once per FOCUS_THROTTLE: switching
 * windows back and forth does not refetch every page each time.
 */
export function throttledFocusListener(now: () => number = Date.now) {
  return (setFocused: (focused?: boolean) => void) => {
    let last = Number.NEGATIVE_INFINITY;
    const onChange = () => {
      if (document.visibilityState !== 'visible') return;
      const time = now();
      if (time - last < FOCUS_THROTTLE) return;
      last = time;
      setFocused(true);
    };
    window.addEventListener('visibilitychange', onChange, false);
    window.addEventListener('focus', onChange, false);
    return () => {
      window.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('focus', onChange);
    };
  };
}

if (typeof window !== 'undefined') focusManager.setEventListener(throttledFocusListener());

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEDUPE_INTERVAL,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: retryUnlessRefused,
        retryDelay: errorRetryDelay,
      },
    },
  });
}

export const queryClient = createQueryClient();
