/**
 * Registration changes pushed on `/hub/admin` (`ReceivedRegistrationChange`, a Vexil addition): a
 * team's registration in a game was created, reviewed or removed. After a lost connection comes
 * back, `onReconnected` says changes may have been missed meanwhile.
 */
import type { ParticipationStatus, RegistrationChange } from '@/api/types';
import type { HubStatus } from '@/lib/realtime/hubLink';
import { useHub } from '@/lib/realtime/useHub';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';
import { ADMIN_HUB_PATH, RECEIVED_REGISTRATION_CHANGE } from './adminHubConnection';

export interface RegistrationChangeHandlers {
  onChange: (change: RegistrationChange) => void;
  onReconnected?: () => void;
}

const STATUSES: readonly string[] = ['Pending', 'Accepted', 'Rejected', 'Suspended', 'Unsubmitted'];

const statusOf = (value: unknown): ParticipationStatus | null | undefined =>
  value === null
    ? null
    : typeof value === 'string' && STATUSES.includes(value)
      ? (value as ParticipationStatus)
      : undefined;

/** A pushed change, or undefined when the payload is not one. */
export function fromHubRegistrationChange(payload: unknown): RegistrationChange | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const change = payload as Record<string, unknown>;
  const status = statusOf(change.status);
  const previous = statusOf(change.previous);
  if (typeof change.gameId !== 'number' || typeof change.teamId !== 'number') return undefined;
  if (status === undefined || previous === undefined) return undefined;
  return { gameId: change.gameId, teamId: change.teamId, status, previous };
}

export function useRegistrationChanges(handlers: RegistrationChangeHandlers): HubStatus {
  const status = useHub<unknown>({
    url: ADMIN_HUB_PATH,
    target: RECEIVED_REGISTRATION_CHANGE,
    onMessage: (payload) => {
      const change = fromHubRegistrationChange(payload);
      if (change) handlers.onChange(change);
    },
  });
  useRefetchOnReconnect(status, () => handlers.onReconnected?.());
  return status;
}
