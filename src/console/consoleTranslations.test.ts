/**
 * Every text the console can show is translated in every language: the app's console keys
 * (`console.*`, `resources.*`, `ra.*`) and react-admin's own messages. A key that is missing in a
 * language, or left equal to the English text, fails here, unless it is on the reviewed list below
 * of texts that are rightly the same (names, technical tokens, the CTF world's own words, and words
 * a language writes exactly as English does).
 */
import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { convertPolyglotMessages } from './i18nProvider';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('/locales/*/translation.json', {
  eager: true,
  import: 'default',
});
const english = files['/locales/en-US/translation.json'];

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The parts of the app's catalogue that only the console shows. */
const CONSOLE_PREFIXES = ['console.', 'resources.', 'ra.'];

/**
 * react-admin message groups of features the console does not use: saved queries, the guessers,
 * and the configurable-layout inspector. Their texts can never appear.
 */
const UNUSED_REACT_ADMIN = ['ra.saved_queries.', 'ra.guesser.', 'ra.configurable.'];

/** Texts that are the same in every language: product and service names, technical tokens. */
const SAME_EVERYWHERE = new Set(['URL', 'Discord', 'Slack', 'Cloudflare Turnstile']);

/**
 * Challenge categories are the CTF world's tags (Web, Pwn, OSINT…): each language keeps those its
 * players use as they are, as the player pages do.
 */
const CTF_TAGS = 'resources.challenges.categories.';

/**
 * Words each language writes as English does: its own words (German "Name", French "Description")
 * and loanwords its players use ("Flag", "Webhook", "Writeup" in languages written in Latin
 * letters; Chinese players also say "Flag"). Chinese and Japanese translate "Webhook" and
 * "Writeup": in their script the English word stood out as untranslated.
 */
const SAME_IN: Record<string, string[]> = {
  'de-DE': [
    'Avatar',
    'Captcha',
    'Challenge',
    'Challenges',
    'Container',
    'Details',
    'Division',
    'Flag',
    'Flags',
    'Format',
    'Image',
    'in {{time}}',
    'Info',
    'Information',
    'Live',
    'Logo',
    'Name',
    'Offline',
    'Palette',
    'Passkey',
    'Poster',
    'Slogan',
    'Status',
    'Tag',
    'Tags',
    'Team',
    'Teams',
    'Test',
    'Webhook',
    'Webhooks',
    'Writeup',
    'Writeups',
  ],
  'es-ES': [
    'Avatar',
    'Captcha',
    'Error',
    'Fatal',
    'Flag',
    'Flags',
    'min',
    'No',
    'Visible',
    'Webhook',
    'Webhooks',
    'Writeup',
    'Writeups',
  ],
  'fr-FR': [
    'Actions',
    'Avatar',
    'Captcha',
    'Console',
    'Description',
    'Description (Markdown)',
    'Division',
    'Divisions',
    'Fatal',
    'Flag',
    'Flags',
    'Format',
    'Image',
    'Information',
    'Instance',
    'Instances',
    'Logo',
    'Message',
    'min',
    'Page {{page}}',
    'Points',
    'Palette',
    'Participation',
    'Participations',
    'Score',
    'Slogan',
    'Test',
    'Type',
    'Visible',
    'Webhook',
    'Webhooks',
  ],
  'id-ID': [
    'Avatar',
    'Bio',
    'Captcha',
    'Email',
    'Fatal',
    'First blood',
    'Flag',
    'Format',
    'Image',
    'Info',
    'Log',
    'Logo',
    'Platform',
    'Poster',
    'Second blood',
    'Slogan',
    'Status',
    'Tag',
    'Third blood',
    'Webhook',
    'Writeup',
  ],
  'vi-VN': [
    'Captcha',
    'Container',
    'Email',
    'First blood',
    'Flag',
    'Logo',
    'Second blood',
    'Third blood',
    'Webhook',
    'Writeup',
  ],
  'zh-CN': ['Flag'],
  'zh-TW': ['Flag'],
};

/** Placeholders and punctuation only ("{{name}}", "{{score}} / {{original}}"): nothing to translate. */
const nothingToTranslate = (text: string) => !/\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''));

const englishTexts = leaves(english);
const reactAdminKeys = [...leaves(convertPolyglotMessages(englishMessages) as Tree).keys()].filter(
  (key) => !UNUSED_REACT_ADMIN.some((prefix) => key.startsWith(prefix)),
);
const consoleKeys = [...englishTexts.keys()].filter((key) =>
  CONSOLE_PREFIXES.some((prefix) => key.startsWith(prefix)),
);

/** The console keys a language lacks or leaves in English (beyond the reviewed list). */
export function untranslatedConsoleKeys(language: string, messages: Tree): string[] {
  const texts = leaves(messages);
  const allowed = new Set(SAME_IN[language] ?? []);
  return consoleKeys.filter((key) => {
    const text = texts.get(key);
    if (text === undefined) return true;
    const source = englishTexts.get(key)!;
    if (text !== source) return false;
    return !(
      nothingToTranslate(source) ||
      SAME_EVERYWHERE.has(source) ||
      key.startsWith(CTF_TAGS) ||
      allowed.has(source)
    );
  });
}

describe('console translations', () => {
  it('has every react-admin message the console can show in the English catalogue', () => {
    expect(reactAdminKeys.filter((key) => !englishTexts.has(key))).toEqual([]);
  });

  it('finds a key left in English (the check itself works)', () => {
    const copy = structuredClone(files['/locales/zh-CN/translation.json']);
    (copy.resources as Tree).webhooks = { ...((copy.resources as Tree).webhooks as Tree) };
    ((copy.resources as Tree).webhooks as Tree).name_one = 'Webhook';
    delete ((copy.ra as Tree).action as Tree).save;
    expect(untranslatedConsoleKeys('zh-CN', copy)).toEqual([
      'resources.webhooks.name_one',
      'ra.action.save',
    ]);
  });

  for (const [path, messages] of Object.entries(files)) {
    const language = path.split('/').at(-2)!;
    if (language === 'en-US') continue;
    it(`has every console text in ${language}`, () => {
      expect(untranslatedConsoleKeys(language, messages)).toEqual([]);
    });
  }
});
