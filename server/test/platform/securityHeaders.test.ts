// Security headers: the pages' Content-Security-Policy and helmet's other headers on every answer;
// the API reference keeps its own policy. The exact header sets were recorded from the app as it
// was with @fastify/helmet (helmet's middleware on every request), before the values were computed
// once at start: they must not change.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaderValues } from '#server/plugins/securityHeaders.js';
import { startWebApp, type WebApp } from '../support/webApp.js';

const PAGE_POLICY =
  "default-src 'self';script-src 'self' https://challenges.cloudflare.com;" +
  "frame-src https://challenges.cloudflare.com;style-src 'self' 'unsafe-inline';" +
  "img-src * data: blob:;font-src 'self' data:;connect-src * ws: wss:;worker-src 'self' blob:;" +
  "object-src 'none';base-uri 'self';frame-ancestors 'self';form-action 'self'";

/** Every security header and its value, as @fastify/helmet 13.2 (helmet 8.3) sent them. */
const SECURITY_HEADERS = {
  'content-security-policy': PAGE_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The headers each kind of answer had besides the security headers. */
const OTHER_HEADERS: [method: 'GET' | 'POST', url: string, status: number, names: string[]][] = [
  ['GET', '/api/config', 200, []],
  ['GET', '/api/nope', 404, []],
  ['GET', '/api/account/profile', 401, []],
  ['POST', '/api/account/login', 403, []],
  ['GET', '/healthz', 200, []],
  [
    'GET',
    '/games/1/challenges',
    200,
    ['accept-ranges', 'cache-control', 'etag', 'last-modified', 'vary'],
  ],
  ['GET', '/openapi.json', 200, ['cache-control', 'content-encoding', 'transfer-encoding', 'vary']],
];
const ALWAYS = ['connection', 'content-type', 'date', 'set-cookie'];

/** The policy's directives by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  let web: WebApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    web = await startWebApp();
    app = web.app;
  });
  afterAll(() => web.close());

  it('keeps the pages to this site, opening only what the client needs', async () => {
    const page = await app.inject({ method: 'GET', url: '/games/1/challenges' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': "'self'",
      // the Turnstile captcha's script and frame
      'script-src': "'self' https://challenges.cloudflare.com",
      'frame-src': 'https://challenges.cloudflare.com',
      // MUI's run-time styles, Markdown's remote images, the tunnel daemon's local address
      'style-src': "'self' 'unsafe-inline'",
      'img-src': '* data: blob:',
      'font-src': "'self' data:",
      'connect-src': '* ws: wss:',
      'worker-src': "'self' blob:",
      'object-src': "'none'",
      'base-uri': "'self'",
      'frame-ancestors': "'self'",
      'form-action': "'self'",
    });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same headers with API answers and errors', async () => {
    for (const url of ['/api/config', '/api/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(directives(response.headers['content-security-policy']).get('object-src')).toBe(
        "'none'",
      );
    }
  });

  it('sends exactly the headers helmet sent, on every kind of answer', async () => {
    for (const [method, url, status, names] of OTHER_HEADERS) {
      const response = await app.inject({ method, url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(status);
      const sizeHeader = names.includes('transfer-encoding') ? [] : ['content-length'];
      expect(Object.keys(response.headers).sort(), url).toEqual(
        [...Object.keys(SECURITY_HEADERS), ...ALWAYS, ...sizeHeader, ...names].sort(),
      );
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('computes the same values from the options as helmet, once', () => {
    expect(
      Object.fromEntries(securityHeaderValues().map(([n, v]) => [n.toLowerCase(), v])),
    ).toEqual(SECURITY_HEADERS);
  });

  it('does not reach other subdomains with HSTS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it("leaves the API reference its own policy, which allows Swagger UI's inline styles", async () => {
    const docs = await app.inject({ method: 'GET', url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(
      "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'self'; " +
        "img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self' ; " +
        "script-src-attr 'none'; style-src 'self' 'unsafe-inline' ; upgrade-insecure-requests;",
    );
    const { 'content-security-policy': _pagePolicy, ...others } = SECURITY_HEADERS;
    for (const [name, value] of Object.entries(others)) {
      expect(docs.headers[name], name).toBe(value);
    }
    const policy = directives(docs.headers['content-security-policy']);
    // Swagger UI's own policy (its validator badge), with our inline-style exception
    expect(policy.get('img-src')).toContain('validator.swagger.io');
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('script-src')).toBe("'self'");
  });
});
