/**
 * Runs `refetch` when a live channel is live again after having been lost, so that what was sent
 * while it was down is read from the API. The first connection does not count.
 */
import { useEffect, useRef } from 'react';
import type { HubStatus } from './hubLink';

export function useRefetchOnReconnect(status: HubStatus, refetch: () => unknown): void {
  const phase = useRef<'never' | 'live' | 'lost'>('never');
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (status === 'live') {
      if (phase.current === 'lost') void latest.current();
      phase.current = 'live';
    } else if (phase.current === 'live' && status !== 'connecting') {
      phase.current = 'lost';
    }
  }, [status]);
}
