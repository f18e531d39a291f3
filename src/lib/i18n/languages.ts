/**
 * The interface languages (seed §9): which exist, what each is called in itself, which are
 * machine translated or unfinished, and how a detected code maps onto one of them.
 */
export const DEFAULT_LANGUAGE = 'en-US';

export const LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-TW',
  'ja-JP',
  'id-ID',
  'ko-KR',
  'ru-RU',
  'vi-VN',
  'de-DE',
  'fr-FR',
  'es-ES',
] as const;

export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for language pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'ja-JP': '日本語',
  'id-ID': 'Bahasa Indonesia',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'vi-VN': 'Tiếng Việt',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'es-ES': 'Español',
};

/**
 * Languages whose catalogue was machine translated: choosing one opens the "Machine Translation"
 * notice. Every catalogue but English is machine made for now; a language leaves this list when a
 * speaker has reviewed it.
 */
export const MACHINE_TRANSLATED: ReadonlySet<Language> = new Set(
  LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE),
);

/** Languages whose catalogue is known to be unfinished ("Incompleted Translation" notice). */
export const INCOMPLETE: ReadonlySet<Language> = new Set<Language>();

export type TranslationNotice = 'machine' | 'incomplete' | undefined;

/** Which notice choosing `language` opens, if any (an unfinished catalogue wins). */
export function noticeFor(language: Language): TranslationNotice {
  if (INCOMPLETE.has(language)) return 'incomplete';
  if (MACHINE_TRANSLATED.has(language)) return 'machine';
  return undefined;
}

/** Codes that look like script injection (seed §5): tags, `javascript:`, event handlers. */
const INJECTION = /[<>"'`]|javascript:|\bon[a-z]+\s*=|script/i;

export function looksLikeInjection(code: string): boolean {
  return INJECTION.test(code);
}

const byLowerCase = new Map(LANGUAGES.map((language) => [language.toLowerCase(), language]));

/**
 * The supported language a code stands for, case-insensitively (`ZH-cn` → `zh-CN`, `zh_TW` →
 * `zh-TW`); a bare or other-region code takes the first language of its family (`ja` → `ja-JP`,
 * `en-GB` → `en-US`). Anything else, or a suspicious code, is undefined.
 */
export function matchLanguage(code: string | null | undefined): Language | undefined {
  if (typeof code !== 'string') return undefined;
  const trimmed = code.trim();
  if (trimmed === '' || trimmed.length > 35 || looksLikeInjection(trimmed)) return undefined;
  const normal = trimmed.replace(/_/g, '-').toLowerCase();
  const exact = byLowerCase.get(normal);
  if (exact) return exact;
  const family = normal.split('-')[0];
  // Traditional Chinese regions and script subtags go to zh-TW.
  if (family === 'zh' && /-(tw|hk|mo|hant)\b/.test(normal)) return 'zh-TW';
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === family);
}

/** The language to use for a code: its match, else English. */
export function resolveLanguage(code: string | null | undefined): Language {
  return matchLanguage(code) ?? DEFAULT_LANGUAGE;
}
