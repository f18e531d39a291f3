/**
 * i18next's options for the app (seed §9), apart from the instance so tests can build their own.
 */
import type { InitOptions, Resource } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage } from './languages';

/** Local-storage key of the language the user chose. */
export const LANGUAGE_KEY = 'language';
/** Where detection caches its result. */
export const DETECTION_CACHE_KEY = 'i18nextLng';

export const defaultNS = 'translation';

/** Stands for any detected code we do not support, so i18next falls back to English. */
const UNSUPPORTED = 'x-unsupported';

export function i18nOptions(resources: Resource): InitOptions {
  return {
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    defaultNS,
    resources,
    partialBundledLanguages: true,
    // seed §9: up to 5 retries from 350 ms, doubling; at most 10 parallel reads
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: DETECTION_CACHE_KEY,
      lookupSessionStorage: DETECTION_CACHE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (code: string) => matchLanguage(code) ?? UNSUPPORTED,
    },
    initAsync: false,
    // Keys are dotted paths; react-admin may translate free text, which must not split on ':'.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}
