/**
 * Double-submit CSRF protection: the server hands out a random `XSRF-TOKEN` cookie (readable by
 * the page's script) and every unsafe method must echo it in `X-XSRF-TOKEN`. A cross-site page can
 * make the browser send the cookie but cannot read it to set the header.
 *
 * A request authenticated by a personal API token (`Authorization: Bearer`, plugins/auth.ts)
 * needs neither: it carries no ambient authority a browser would add on its own (no cookie; and
 * a cross-site page cannot set that header without a CORS preflight, which Vexil never grants).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isUnsafeMethod = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function csrfGuard(request: FastifyRequest): Promise<void> {
  if (!isUnsafeMethod(request.method) || request.apiToken) return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
    throw forbidden(
      'Missing or invalid XSRF token: echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header',
    );
  }
}

export const newXsrfToken = () => randomBytes(24).toString('base64url');

/** Gives every client without a token one, on whatever response it gets first. */
export const csrfPlugin = fp(async (app) => {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[XSRF_COOKIE] || request.apiToken) return;
    reply.setCookie(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'strict',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
  });
});
