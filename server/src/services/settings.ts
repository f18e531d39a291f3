/**
 * Cached read of the site settings; writers call `invalidate()` after saving. With several
 * instances `onInvalidate` tells the others (cluster events), which `forget` their copy; as such
 * a message may be lost, a copy also lasts at most `maxAgeMs`.
 */
import type { Kysely } from 'kysely';
import type { ContainerConfig } from '../config.js';
import type { DB } from '../db/schema.js';
import { getAllSettings, setSettings } from '../db/repositories/settings.js';
import { defaultSettings, settingsFromRows, type SiteSettings } from '../domain/siteSettings.js';

/** The defaults with the deployment's own container settings (env), which saved values override. */
export function deploymentDefaults(
  containers: Pick<ContainerConfig, 'portMapping' | 'trafficCapture'>,
): SiteSettings {
  return {
    ...defaultSettings,
    containerPolicy: {
      ...defaultSettings.containerPolicy,
      portMapping: containers.portMapping,
      enableTrafficCapture: containers.trafficCapture,
    },
  };
}

export interface SettingsCacheOptions {
  /** Longest life of the cached copy (no limit unless given). */
  maxAgeMs?: number;
  /** The settings changed here (after they were stored). */
  onInvalidate?: () => void;
}

export class SettingsService {
  private cached?: Promise<SiteSettings>;
  private cachedAt = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly base: SiteSettings = defaultSettings,
    private readonly options: SettingsCacheOptions = {},
  ) {}

  get(): Promise<SiteSettings> {
    const { maxAgeMs } = this.options;
    if (maxAgeMs !== undefined && performance.now() - this.cachedAt > maxAgeMs) this.forget();
    if (!this.cached) this.cachedAt = performance.now();
    this.cached ??= getAllSettings(this.db).then((rows) => settingsFromRows(rows, this.base));
    this.cached.catch(() => (this.cached = undefined));
    return this.cached;
  }

  async save(rows: Record<string, unknown>): Promise<void> {
    await setSettings(this.db, rows);
    this.invalidate();
  }

  /** They changed: drop the copy here and tell the other instances. */
  invalidate(): void {
    this.forget();
    this.options.onInvalidate?.();
  }

  /** Another instance changed them: drop the copy here. */
  forget(): void {
    this.cached = undefined;
  }
}
