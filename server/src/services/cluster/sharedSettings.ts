/**
 * The site settings cached on every instance, kept in step (issue 16): a change saved through one
 * instance is announced on the cluster events (topic `settings`) and every instance drops its
 * copy. Delivery is best effort, so a copy also lives at most SETTINGS_CACHE_MAX_AGE_MS: a message
 * lost while Redis was down leaves a stale copy for that long, not forever.
 */
import type { ClusterEvents } from '../clusterEvents.js';
import type { SettingsCacheOptions, SettingsService } from '../settings.js';

export const SETTINGS_TOPIC = 'settings';
export const SETTINGS_CACHE_MAX_AGE_MS = 30_000;

/** The cache options of the app's settings (`events` is read when a change is announced). */
export function sharedSettingsCache(events: () => ClusterEvents): SettingsCacheOptions {
  return {
    maxAgeMs: SETTINGS_CACHE_MAX_AGE_MS,
    onInvalidate: () => events().publish(SETTINGS_TOPIC, 'changed'),
  };
}

/** Drops this instance's copy whenever another announces a change; answers the unsubscribe. */
export function followSettingsChanges(
  events: ClusterEvents,
  settings: SettingsService,
): () => void {
  return events.subscribe(SETTINGS_TOPIC, () => settings.forget());
}
