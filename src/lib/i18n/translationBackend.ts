/**
 * Loads a language's catalogue from `/static/…` (seed §7 "Translations"): each catalogue is a
 * versioned (content-hashed) JSON file emitted by the build. English is bundled and never fetched;
 * an unsupported language is an empty catalogue and makes no request. Retries (5, from 350 ms,
 * doubling) and the 10 parallel reads are i18next's own loader settings (./options.ts).
 */
import type { BackendModule, ReadCallback } from 'i18next';
import { matchLanguage } from './languages';

const urls = import.meta.glob<string>('/locales/*/translation.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The URL of each shipped catalogue, by language code. */
export const translationUrls: Record<string, string> = Object.fromEntries(
  Object.entries(urls).map(([path, url]) => [path.split('/').at(-2)!, url]),
);

export async function fetchCatalogue(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export const translationBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const supported = matchLanguage(language);
    const url = supported && supported === language ? translationUrls[supported] : undefined;
    if (!url) {
      callback(null, {});
      return;
    }
    fetchCatalogue(url).then(
      (catalogue) => callback(null, catalogue),
      // `true` asks i18next to retry (it waits 350 ms, then doubles, up to 5 times).
      (error: Error) => callback(error, true as unknown as false),
    );
  },
};
