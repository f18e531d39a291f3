/** Serves the bundled spec at /openapi.json and a browsable API reference at /api-docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { loadDocument } from '../spec/document.js';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  const spec = loadDocument();
  await app.register(swagger, { mode: 'static', specification: { document: spec as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      tryItOutEnabled: false,
      // "Try it out" must pass the CSRF check like the web client: echo the XSRF-TOKEN cookie on
      // unsafe methods. Serialised into the page, so plain browser JavaScript only.
      requestInterceptor: function echoXsrfToken(request: Record<string, unknown>) {
        const method = String(request.method || 'GET').toUpperCase();
        if (['GET', 'HEAD', 'OPTIONS'].indexOf(method) === -1) {
          const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(
            (globalThis as unknown as { document: { cookie: string } }).document.cookie,
          );
          const headers = (request.headers ?? {}) as Record<string, string>;
          if (match) headers['X-XSRF-TOKEN'] = decodeURIComponent(match[1]);
          request.headers = headers;
        }
        return request;
      },
    },
    staticCSP: true,
    // Swagger UI sets inline styles; everything else stays 'self'.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(spec),
  );
}
