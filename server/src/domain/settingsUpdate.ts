/**
 * What an administrator's settings update stores: every sent section field by field; in the site
 * identity `null` optional strings are skipped and the logo hashes are ignored (they have their
 * own endpoints). Pure: no I/O.
 */
import type { components } from '#wire/schema.gen.js';
import { rowsFromSettings } from './siteSettings.js';

export type ConfigEditModel = components['schemas']['ConfigEditModel'];

export function rowsForUpdate(update: ConfigEditModel): Record<string, unknown> {
  const { accountPolicy, globalConfig, containerPolicy } = update;
  let identity: Record<string, unknown> | null = null;
  if (globalConfig) {
    const { logoHash: _logo, faviconHash: _favicon, ...fields } = globalConfig;
    identity = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  }
  return rowsFromSettings({ accountPolicy, globalConfig: identity, containerPolicy });
}
