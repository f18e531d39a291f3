// Security headers: the pages' Content-Security-Policy and helmet's other headers on every answer;
// the API reference keeps its own policy.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp, type WebApp } from '../support/webApp.js';

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

  it('does not reach other subdomains with HSTS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it("leaves the API reference its own policy, which allows Swagger UI's inline styles", async () => {
    const docs = await app.inject({ method: 'GET', url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    const policy = directives(docs.headers['content-security-policy']);
    // Swagger UI's own policy (its validator badge), with our inline-style exception
    expect(policy.get('img-src')).toContain('validator.swagger.io');
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('script-src')).toBe("'self'");
  });
});
