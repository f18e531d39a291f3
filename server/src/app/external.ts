/**
 * The external plugins every route relies on: compression, security headers, cookies, multipart
 * bodies and the one WebSocket server (proxy operations and hubs both use it).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { closeWebSockets } from '../plugins/hubs/shutdown.js';
import { registerSecurityHeaders } from '../plugins/securityHeaders.js';

/** Largest upload any operation accepts; per-operation limits come from the spec. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Largest WebSocket message any endpoint accepts (the proxy's; hubs refuse more than 64 KiB). */
const MAX_WEBSOCKET_MESSAGE_BYTES = 16 * 1024 * 1024;

export const externalPlugins = fp(
  async (app) => {
    // Compresses answers the client accepts compressed (JSON, sheets…); built bundles are served
    // pre-compressed by the web plugin. Brotli at a quality that costs little CPU per request.
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await registerSecurityHeaders(app);
    await app.register(cookie);
    await app.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 20, parts: 40 },
    });
    await app.register(websocket, {
      options: { maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES },
      preClose: closeWebSockets,
    });
  },
  { name: 'vexil-external-plugins', dependencies: ['vexil-foundation'] },
);
