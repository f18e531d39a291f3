/** The current time, re-read every `intervalMs` while the component is mounted (for countdowns). */
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
