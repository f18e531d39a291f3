/**
 * `ReceivedRegistrationChange` on the admins' hub (a Vexil addition): a team's registration in a
 * game was created, changed status or was removed, so the console's review queue, its
 * pending-reviews badge and its home's team figures follow without reading the log's wording.
 */
import type { ParticipationStatus } from '../db/repositories/participations.js';
import { groups, type RealtimeBus } from './realtime.js';

export interface RegistrationChange {
  gameId: number;
  teamId: number;
  /** Null: the registration was removed. */
  status: ParticipationStatus | null;
  /** Null: the registration is new. */
  previous: ParticipationStatus | null;
}

/** Publishes the change to the admins, unless the status stayed the same. */
export function publishRegistrationChange(realtime: RealtimeBus, change: RegistrationChange): void {
  if (change.status === change.previous) return;
  realtime.publish(groups.admins, 'ReceivedRegistrationChange', change);
}
