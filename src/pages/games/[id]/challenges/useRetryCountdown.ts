/**
 * Seconds left before a throttled container operation may be tried again: `after(error)` starts
 * the countdown from a refusal's Retry-After (other errors leave it alone).
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
  return { seconds, after };
}
