/**
 * Seconds left before a throttled container operation may be tried again: `after(error)` starts
 * the countdown from a refusal's Retry-After (other errors leave it alone), `wait(seconds)` after
 * an operation that the server will not let be followed sooner.
 */
import { useEffect, useState } from 'react';
import { ThrottledError } from '@/hooks/challenges';

export function useRetryCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1_000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const after = (error: unknown) => {
    if (error instanceof ThrottledError && error.retryAfter) setSeconds(error.retryAfter);
  };
  const wait = (gap: number) => setSeconds((left) => Math.max(left, gap));
  return { seconds, after, wait };
}
