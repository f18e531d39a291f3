import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { convertPolyglotMessages, createI18nProvider } from './i18nProvider';

describe('convertPolyglotMessages', () => {
  it('converts placeholders and plural forms, keeping the nesting', () => {
    expect(
      convertPolyglotMessages({
        ra: { page: { edit: '%{name} %{recordRepresentation}' } },
        deleted: 'Element deleted |||| %{smart_count} elements deleted',
      }),
    ).toEqual({
      ra: { page: { edit: '{{name}} {{recordRepresentation}}' } },
      deleted_one: 'Element deleted',
      deleted_other: '{{count}} elements deleted',
    });
  });
});

describe('createI18nProvider', () => {
  const provider = createI18nProvider(i18n);

  it("translates react-admin's messages through the shared i18next instance", () => {
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(provider.translate('ra.page.show', { name: 'User', recordRepresentation: '#1' })).toBe(
      'User #1',
    );
  });

  it('handles smart_count plurals', () => {
    expect(provider.translate('ra.notification.deleted', { smart_count: 1 })).toBe(
      'Element deleted',
    );
    expect(provider.translate('ra.notification.deleted', { smart_count: 3 })).toBe(
      '3 elements deleted',
    );
  });

  it('falls back to the Polyglot-style default, then the key', () => {
    expect(
      provider.translate('resources.users.name', { smart_count: 2, _: 'User |||| Users' }),
    ).toBe('Users');
    expect(provider.translate('resources.users.fields.name', { _: 'Name' })).toBe('Name');
    expect(provider.translate('no.such.key')).toBe('no.such.key');
  });

  it('keeps app strings and reports the locale', () => {
    expect(provider.translate('error_screen.try_again')).toBe('Try again');
    expect(provider.getLocale()).toBe('en-US');
  });
});

describe("react-admin's own messages", () => {
  const files = import.meta.glob<unknown>('/locales/*/translation.json', {
    eager: true,
    import: 'default',
  });
  const at = (messages: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        messages,
      );
  const english = files['/locales/en-US/translation.json'];
  // what organisers met in English: the menu, the form buttons, the toasts
  const seen = [
    'ra.page.dashboard',
    'ra.action.save',
    'ra.action.delete',
    'ra.action.cancel',
    'ra.notification.updated_one',
    'ra.notification.created',
    'ra.notification.deleted_one',
    'ra.message.delete_title',
    'ra.navigation.page_rows_per_page',
    'ra.validation.required',
  ];

  it('are in the English catalogue, so translators see them', () => {
    for (const key of seen) expect(typeof at(english, key), key).toBe('string');
  });

  for (const [path, messages] of Object.entries(files)) {
    if (path.includes('/en-US/')) continue;
    it(`are translated in ${path.split('/').at(-2)}`, () => {
      for (const key of seen) {
        const text = at(messages, key);
        expect(typeof text, key).toBe('string');
        expect(text, key).not.toBe(at(english, key));
      }
    });
  }
});
