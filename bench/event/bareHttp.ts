/**
 * Child process: a bare `node:http` server answering, from memory, the very bytes and headers
 * Vexil answered for the scoreboard (one variant per Accept-Encoding, and the 304 when Vexil gives
 * an ETag). It is the ceiling the board GET is compared with: what serving ready bytes costs here.
 * The parent sends the variants over IPC (`variants`), then measures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Variant {
  /** The request's Accept-Encoding ('' for none) … */
  acceptEncoding: string;
  /** … and If-None-Match ('' for none) this variant answers. */
  ifNoneMatch: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: Uint8Array;
}

const key = (acceptEncoding: string, ifNoneMatch: string) => `${acceptEncoding}\n${ifNoneMatch}`;
let variants = new Map<string, Variant>();

const server = createServer((request, response) => {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  const variant =
    variants.get(key(header('accept-encoding'), header('if-none-match'))) ??
    variants.get(key(header('accept-encoding'), ''));
  if (!variant) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(variant.status, variant.headers);
  response.end(variant.body);
});
server.keepAliveTimeout = 72_000;

process.on('message', (message: { id: number; type: string; variants?: Variant[] }) => {
  if (message.type === 'variants') {
    variants = new Map(
      (message.variants ?? []).map((v) => [key(v.acceptEncoding, v.ifNoneMatch), v]),
    );
    process.send?.({ id: message.id });
  }
});
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port });
});
