/** Serves the bundled spec at /openapi.json and a browsable API reference at /api-docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { loadDocument } from '../spec/document.js';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  const document = loadDocument();
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    staticCSP: true,
    // Swagger UI sets inline styles; everything else stays 'self'.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
}
