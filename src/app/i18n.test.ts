import { describe, expect, it } from 'vitest';
import i18n, { DEFAULT_LANGUAGE } from './i18n';

const files = import.meta.glob<unknown>('../../locales/*/translation.json', {
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

  for (const [language, messages] of locales) {
    if (language === DEFAULT_LANGUAGE) continue;
    it(`${language} has exactly the English keys`, () => {
      expect(keysOf(messages).sort()).toEqual(source);
    });
  }
});
