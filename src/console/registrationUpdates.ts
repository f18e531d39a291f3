/**
 * Keeps what the console shows of registrations current: when a team's registration is created,
 * reviewed or removed (`ReceivedRegistrationChange` on the admin hub, ./useRegistrationChanges.ts),
 * the review queue and the pending-reviews badge read again; after a lost connection comes back,
 * everything is read again since changes may have been missed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRegistrationChanges } from './useRegistrationChanges';

/** React-admin's queries of the resource start with its name; the badge's query too. */
export const PARTICIPATIONS_QUERY = ['participations'] as const;

export function useRegistrationUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PARTICIPATIONS_QUERY });
  return useRegistrationChanges({ onChange: refresh, onReconnected: refresh });
}
