/**
 * openapi-fetch middleware shared by every API call: request language and CSRF token.
 */
import type { Middleware } from 'openapi-fetch';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Value of one cookie from a `document.cookie`-style string, or undefined. */
export function readCookie(name: string, cookies: string): string | undefined {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

const browserCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

/** Copies the `XSRF-TOKEN` cookie into the `X-XSRF-TOKEN` header of every unsafe request. */
export function xsrfMiddleware(getCookies: () => string = browserCookies): Middleware {
  return {
    onRequest({ request }) {
      if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
      const token = readCookie(XSRF_COOKIE, getCookies());
      if (token) request.headers.set(XSRF_HEADER, token);
      return request;
    },
  };
}

/** Sends the interface language as `Accept-Language`, so the server localizes error titles. */
export function languageMiddleware(getLanguage: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      const language = getLanguage();
      if (language) request.headers.set('Accept-Language', language);
      return request;
    },
  };
}
