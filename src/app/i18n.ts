/**
 * The one i18next instance (i18next's default export), shared by the shell, the console's
 * i18nProvider and the API client's Accept-Language header.
 *
 * English is the source language and is bundled; further languages will be loaded on demand.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../../locales/en-US/translation.json';

export const DEFAULT_LANGUAGE = 'en-US';
export const LANGUAGES = [DEFAULT_LANGUAGE] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself, for language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English' };

export const defaultNS = 'translation';
export const resources = { [DEFAULT_LANGUAGE]: { [defaultNS]: enUS } } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: { translation: typeof enUS };
  }
}

function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18next.on('languageChanged', setDocumentLanguage);

void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS,
  resources,
  initAsync: false,
  // Keys are dotted paths; react-admin may translate free text, which must not split on ':'.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export default i18next;
