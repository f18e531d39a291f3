import { describe, expect, it } from 'vitest';
import type { Middleware } from 'openapi-fetch';
import { languageMiddleware, readCookie, xsrfMiddleware, XSRF_HEADER } from './middleware';

async function run(middleware: Middleware, method: string): Promise<Request> {
  const request = new Request('http://localhost/api/account/logout', { method });
  const params = { request, schemaPath: '/api/account/logout', params: {}, id: '1' };
  const result = await middleware.onRequest?.(params as never);
  return result instanceof Request ? result : request;
}

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=ab%2Bc; b=2')).toBe('ab+c');
    expect(readCookie('XSRF-TOKEN', 'NOT-XSRF-TOKEN=1')).toBeUndefined();
    expect(readCookie('XSRF-TOKEN', '')).toBeUndefined();
  });
});

describe('xsrfMiddleware', () => {
  const middleware = xsrfMiddleware(() => 'session=x; XSRF-TOKEN=tok123');

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('copies the cookie on %s', async (method) => {
    expect((await run(middleware, method)).headers.get(XSRF_HEADER)).toBe('tok123');
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('leaves %s alone', async (method) => {
    expect((await run(middleware, method)).headers.has(XSRF_HEADER)).toBe(false);
  });

  it('sends nothing when there is no cookie', async () => {
    const request = await run(
      xsrfMiddleware(() => 'session=x'),
      'POST',
    );
    expect(request.headers.has(XSRF_HEADER)).toBe(false);
  });
});

describe('languageMiddleware', () => {
  it('sets Accept-Language to the current language', async () => {
    const request = await run(
      languageMiddleware(() => 'en-US'),
      'GET',
    );
    expect(request.headers.get('Accept-Language')).toBe('en-US');
  });

  it('sends nothing before a language is known', async () => {
    const request = await run(
      languageMiddleware(() => undefined),
      'GET',
    );
    expect(request.headers.has('Accept-Language')).toBe(false);
  });
});
