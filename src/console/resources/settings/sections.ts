/**
 * The bodies of the Settings page's saves: each section saves alone (`PUT /api/admin/config` with
 * only that section; the API leaves omitted sections untouched), made of its model's fields only.
 */
import { models } from '@/api/formMeta.gen';
import type { Settings } from '@/api/types';

export type SectionName = keyof Settings;

const MODEL_OF = {
  globalConfig: 'GlobalConfig',
  accountPolicy: 'AccountPolicy',
  containerPolicy: 'ContainerPolicy',
} as const satisfies Record<SectionName, keyof typeof models>;

/** Read-only fields: the logo has its own endpoints and the API ignores these on update. */
const OUTPUT_ONLY = new Set(['logoHash', 'faviconHash']);

/** `{ [name]: section }` with the section's request fields that the form holds. */
export function sectionBody(name: SectionName, values: Record<string, unknown>): Settings {
  const fields = Object.keys(models[MODEL_OF[name]].fields).filter((f) => !OUTPUT_ONLY.has(f));
  const section = Object.fromEntries(
    fields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]),
  );
  return { [name]: section } as Settings;
}

/** The allowed email domains of the comma-separated list, trimmed, each once, no `@`. */
export function domainsOf(list: unknown): string[] {
  const text = Array.isArray(list) ? list.join(',') : typeof list === 'string' ? list : '';
  const domains = text
    .split(/[,\s]+/)
    .map((domain) => domain.trim().replace(/^@+/, ''))
    .filter((domain) => domain !== '');
  return [...new Set(domains)];
}
