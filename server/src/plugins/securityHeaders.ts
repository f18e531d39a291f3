/**
 * Security headers on every answer. The Content-Security-Policy keeps everything to this site by
 * default and opens only what the client needs: scripts and frames of the Turnstile captcha,
 * inline styles (MUI injects them at run time), images from anywhere (Markdown may show remote
 * ones), connections anywhere including WebSockets (the tunnel page talks to a daemon on the
 * player's own machine, at an address the player chooses). No plugins, no `<base>` hijack, no
 * framing by other sites, forms posting only here.
 * The API reference (/api-docs) answers with its own policy.
 *
 * The values are helmet's for these options, computed once at start by running helmet's middleware
 * against a recording response: they depend on nothing in the request, and @fastify/helmet rebuilt
 * the whole middleware on every request (about half the cost of a small API answer). The first
 * hook of every request copies them onto the reply, so a header a route sets itself (the API
 * reference's policy) still wins. They go on the reply rather than the raw response (where helmet
 * put them): Node then writes the answer's headers in one pass instead of merging two sets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const TURNSTILE = 'https://challenges.cloudflare.com';

export const CONTENT_SECURITY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", TURNSTILE],
  frameSrc: [TURNSTILE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ['*', 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ['*', 'ws:', 'wss:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_DIRECTIVES },
  // Cross-origin isolation would block remote images in Markdown; nothing here needs it.
  crossOriginEmbedderPolicy: false,
  // Only honoured over HTTPS; other subdomains are not this deployment's to decide.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

/** The headers helmet sets with `options`, in its order. (Its other step, removing
 *  X-Powered-By, has nothing to do: neither Node nor Fastify sets that header.) */
export function securityHeaderValues(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.fromEntries(
    securityHeaderValues().map(([name, value]) => [name.toLowerCase(), value]),
  );
  app.addHook('onRequest', function securityHeaders(_request, reply, done) {
    reply.headers(headers);
    done();
  });
}
