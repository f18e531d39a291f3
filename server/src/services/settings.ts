/** Cached read of the site settings; writers call `invalidate()` after saving. */
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

export class SettingsService {
  private cached?: Promise<SiteSettings>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly base: SiteSettings = defaultSettings,
  ) {}

  get(): Promise<SiteSettings> {
    this.cached ??= getAllSettings(this.db).then((rows) => settingsFromRows(rows, this.base));
    this.cached.catch(() => (this.cached = undefined));
    return this.cached;
  }

  async save(rows: Record<string, unknown>): Promise<void> {
    await setSettings(this.db, rows);
    this.invalidate();
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
