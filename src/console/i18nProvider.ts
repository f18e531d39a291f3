/**
 * react-admin's i18nProvider over the app's one i18next instance.
 *
 * react-admin's catalogues (ra-language-*) use Polyglot syntax: `%{name}` placeholders and
 * `singular |||| plural` with a `smart_count` option. They are converted once to i18next syntax
 * (`{{name}}`, `key_one`/`key_other` with `count`) and merged under our keys, so the app's own
 * `ra.*` or `resources.*` entries in locales/ win.
 */
import type { i18n as I18n } from 'i18next';
import { substituteTokens, type I18nProvider, type TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, defaultNS } from '@/lib/i18n';

type Messages = { [key: string]: string | Messages };

const PLURAL_SEPARATOR = '||||';

function toI18nextPlaceholders(phrase: string): string {
  return phrase.replace(/%\{\s*(\w+)\s*\}/g, (_, name: string) =>
    name === 'smart_count' ? '{{count}}' : `{{${name}}}`,
  );
}

/** Converts a Polyglot catalogue to i18next resources (English plural forms). */
export function convertPolyglotMessages(messages: object): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'object' && value !== null) {
      out[key] = convertPolyglotMessages(value);
    } else if (typeof value === 'string' && value.includes(PLURAL_SEPARATOR)) {
      const [one, other] = value
        .split(PLURAL_SEPARATOR)
        .map((s) => toI18nextPlaceholders(s.trim()));
      out[`${key}_one`] = one;
      out[`${key}_other`] = other ?? one;
    } else if (typeof value === 'string') {
      out[key] = toI18nextPlaceholders(value);
    }
  }
  return out;
}

/** Polyglot-style fallback for a key that no catalogue has: react-admin's `_` default. */
function fallback(key: string, options: Record<string, unknown>): string {
  const phrase = typeof options._ === 'string' ? options._ : key;
  const forms = phrase.split(PLURAL_SEPARATOR).map((s) => s.trim());
  const chosen = forms.length > 1 && options.smart_count !== 1 ? forms[1] : forms[0];
  return substituteTokens(chosen, options) as string;
}

const catalogues: Record<string, TranslationMessages> = { [DEFAULT_LANGUAGE]: englishMessages };

export function createI18nProvider(i18n: I18n): I18nProvider {
  for (const [language, messages] of Object.entries(catalogues)) {
    // deep merge, never overwrite the app's own entries
    i18n.addResourceBundle(language, defaultNS, convertPolyglotMessages(messages), true, false);
  }
  const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  return {
    translate(key, options = {}) {
      const { _, smart_count, ...rest } = options as Record<string, unknown>;
      const count = typeof smart_count === 'number' ? { count: smart_count } : {};
      if (!i18n.exists(key, count)) return fallback(key, options);
      return t(key, { ...rest, ...count });
    },
    changeLocale: async (locale) => {
      await i18n.changeLanguage(locale);
    },
    getLocale: () => i18n.resolvedLanguage ?? i18n.language,
    getLocales: () => LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  };
}
