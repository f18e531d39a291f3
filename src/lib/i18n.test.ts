import { describe, expect, it } from 'vitest';
import i18n, { DEFAULT_LANGUAGE } from './i18n';

const files = import.meta.glob<unknown>('/locales/*/translation.json', {
  eager: true,
  import: 'default',
});
const locales = new Map(
  Object.entries(files).map(([path, messages]) => [path.split('/').at(-2)!, messages]),
);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n', () => {
  it('starts in English and does not escape interpolations', () => {
    expect(i18n.language).toBe(DEFAULT_LANGUAGE);
    expect(i18n.t('not_found.message', { path: '<b>/x</b>' })).toBe(
      'There is nothing at <b>/x</b>.',
    );
  });

  const source = keysOf(locales.get(DEFAULT_LANGUAGE)).sort();

  it('has English as the source catalogue', () => {
    expect(source.length).toBeGreaterThan(0);
  });

  /** `key_few` & co. are allowed where English has `key_other` and the language has that form. */
  const isExtraPluralForm = (key: string, language: string) => {
    const match = /^(.*)_(zero|two|few|many)$/.exec(key);
    if (!match || !source.includes(`${match[1]}_other`)) return false;
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
    return forms.includes(match[2]);
  };

  for (const [language, messages] of locales) {
    if (language === DEFAULT_LANGUAGE) continue;
    it(`${language} has exactly the English keys (and its own plural forms)`, () => {
      const keys = keysOf(messages);
      expect(source.filter((key) => !keys.includes(key))).toEqual([]);
      expect(
        keys.filter((key) => !source.includes(key) && !isExtraPluralForm(key, language)),
      ).toEqual([]);
    });
  }

  it('Russian counts take their own plural forms', async () => {
    const ru = i18n.cloneInstance({ lng: 'ru-RU', initAsync: false });
    ru.addResourceBundle('ru-RU', 'translation', locales.get('ru-RU') as object, true, true);
    await ru.changeLanguage('ru-RU');
    const few = ru.t('challenges.card.solves' as never, { count: 2 }) as string;
    const many = ru.t('challenges.card.solves' as never, { count: 5 }) as string;
    expect(few).not.toBe(many);
    expect(few).not.toMatch(/solves/);
  });
});
