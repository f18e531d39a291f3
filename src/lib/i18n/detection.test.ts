import { createInstance } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it } from 'vitest';
import { DETECTION_CACHE_KEY, i18nOptions } from './options';

/** A fresh instance detecting from the current page, storage and navigator. */
async function detect(search = '') {
  window.history.replaceState(null, '', `/${search}`);
  const instance = createInstance();
  await instance.use(LanguageDetector).init({ ...i18nOptions({}), initAsync: false });
  return instance.language;
}

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = 'i18next=; max-age=0';
    window.history.replaceState(null, '', '/');
  });

  it('takes the query string first, case-insensitively, and caches it', async () => {
    localStorage.setItem(DETECTION_CACHE_KEY, 'ja-JP');
    expect(await detect('?lng=zh-cn')).toBe('zh-CN');
    expect(localStorage.getItem(DETECTION_CACHE_KEY)).toBe('zh-CN');
  });

  it('then the cookie, then local storage, then session storage', async () => {
    sessionStorage.setItem(DETECTION_CACHE_KEY, 'ko-KR');
    expect(await detect()).toBe('ko-KR');
    localStorage.setItem(DETECTION_CACHE_KEY, 'RU-ru');
    expect(await detect()).toBe('ru-RU');
    document.cookie = 'i18next=vi-VN';
    expect(await detect()).toBe('vi-VN');
  });

  it('falls back to the navigator language (en-US in jsdom)', async () => {
    expect(await detect()).toBe('en-US');
  });

  it('drops codes that look like script injection and unsupported ones', async () => {
    expect(await detect('?lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toBe('en-US');
    expect(await detect('?lng=javascript:alert(1)')).toBe('en-US');
    expect(await detect('?lng=pt-BR')).toBe('en-US');
  });
});
