/** Cached read of the site settings; writers call `invalidate()` after saving. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { getAllSettings, setSettings } from '../db/repositories/settings.js';
import { settingsFromRows, type SiteSettings } from '../domain/siteSettings.js';

export class SettingsService {
  private cached?: Promise<SiteSettings>;

  constructor(private readonly db: Kysely<DB>) {}

  get(): Promise<SiteSettings> {
    this.cached ??= getAllSettings(this.db).then((rows) => settingsFromRows(rows));
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
