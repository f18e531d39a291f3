/**
 * Serves the built web client: hashed bundles with long caching, and index.html for every client
 * route. Unknown `/api/*` (and other machine paths) get a JSON 404 instead of the page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const MACHINE_PREFIXES = [
  '/api',
  '/assets',
  '/hub',
  '/static',
  '/openapi.json',
  '/healthz',
  '/readyz',
  '/metrics',
];

const isMachinePath = (url: string) => {
  const path = url.split('?')[0].toLowerCase();
  return MACHINE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
};

/** Client routes never end in a file name; `/logo.png` that is not a file is a plain 404. */
const looksLikeFile = (url: string) => /\.[^/]*$/.test(url.split('?')[0]);

export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const hasClient = existsSync(join(webDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // `.br`/`.gz` siblings written by the build are sent to clients that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = /[\\/]static[\\/]/.test(path);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      `The web client is not built (${webDir}/index.html is missing); serving the API only`,
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasClient && wantsPage && !isMachinePath(request.url) && !looksLikeFile(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const title = isMachinePath(request.url) ? 'No such API endpoint' : 'Not found';
    return reply.code(404).send({ title, status: 404 });
  });
}
