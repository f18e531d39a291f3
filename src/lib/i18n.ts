/**
 * The one i18next instance (i18next's default export), shared by the shell, the console's
 * i18nProvider and the API client's Accept-Language header.
 *
 * English is the source language and is bundled; the other languages load on demand from their
 * versioned files under `/static/` (./i18n/translationBackend.ts). Detection follows seed §9:
 * query `lng`, cookie, local storage, session storage, navigator, `<html lang>`, cached under
 * `i18nextLng`; codes are matched case-insensitively and suspicious ones dropped
 * (./i18n/languages.ts). A user's explicit choice is also kept under `language`.
 */
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enUS from '../../locales/en-US/translation.json';
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '@/lib/i18n/languages';
import { i18nOptions } from '@/lib/i18n/options';
import { translationBackend } from '@/lib/i18n/translationBackend';

export { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, type Language } from '@/lib/i18n/languages';

export { LANGUAGE_KEY } from '@/lib/i18n/options';
import { LANGUAGE_KEY, defaultNS } from '@/lib/i18n/options';
export { defaultNS };

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

void i18next
  .use(LanguageDetector)
  .use(translationBackend)
  .use(initReactI18next)
  .init(i18nOptions(resources));

/** The language in use, as one of ours. */
export function currentLanguage(): Language {
  return matchLanguage(i18next.resolvedLanguage ?? i18next.language) ?? DEFAULT_LANGUAGE;
}

/** Switches language on the user's explicit choice, and remembers it. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice still applies to this page
  }
  await i18next.changeLanguage(language);
}

export default i18next;
