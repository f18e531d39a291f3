import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  looksLikeInjection,
  matchLanguage,
  noticeFor,
  resolveLanguage,
} from './languages';

describe('languages', () => {
  it('has the eleven interface languages, English first', () => {
    expect(LANGUAGES).toEqual([
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
    ]);
  });

  it('matches codes case-insensitively and with underscores', () => {
    expect(matchLanguage('ZH-cn')).toBe('zh-CN');
    expect(matchLanguage('zh_tw')).toBe('zh-TW');
    expect(matchLanguage('de-de')).toBe('de-DE');
    expect(matchLanguage(' ja-JP ')).toBe('ja-JP');
  });

  it('maps a bare or other-region code to its family', () => {
    expect(matchLanguage('ja')).toBe('ja-JP');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('fr-CA')).toBe('fr-FR');
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
  });

  it('falls back to English for unsupported or empty codes', () => {
    for (const code of ['pt-BR', 'xx', '', null, undefined]) {
      expect(matchLanguage(code)).toBeUndefined();
      expect(resolveLanguage(code)).toBe('en-US');
    }
  });

  it('drops codes that look like script injection', () => {
    for (const code of [
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      'en-US" onload=alert(1)',
      'de onerror=x',
      'en<img>',
    ]) {
      expect(looksLikeInjection(code)).toBe(true);
      expect(resolveLanguage(code)).toBe('en-US');
    }
    expect(looksLikeInjection('en-US')).toBe(false);
  });

  it('marks machine-translated languages for the notice, not English', () => {
    expect(noticeFor('en-US')).toBeUndefined();
    for (const language of ['de-DE', 'fr-FR', 'es-ES'] as const)
      expect(noticeFor(language)).toBe('machine');
  });
});
