/**
 * Security headers on every answer (helmet). The Content-Security-Policy keeps everything to this
 * site by default and opens only what the client needs: scripts and frames of the Turnstile
 * captcha, inline styles (MUI injects them at run time), images from anywhere (Markdown may show
 * remote ones), connections anywhere including WebSockets (the tunnel page talks to a daemon on
 * the player's own machine, at an address the player chooses). No plugins, no `<base>` hijack, no
 * framing by other sites, forms posting only here.
 * The API reference (/api-docs) answers with its own policy.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_DIRECTIVES },
    // Cross-origin isolation would block remote images in Markdown; nothing here needs it.
    crossOriginEmbedderPolicy: false,
    // Only honoured over HTTPS; other subdomains are not this deployment's to decide.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}
