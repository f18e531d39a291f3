/**
 * The parent's side of the bare servers: capture what Vexil answers (raw bytes, as sent on the
 * wire, with its headers) and start a bare server in its own process that answers the same.
 */
import { request as httpRequest } from 'node:http';
import type { Variant } from './bareHttp.js';
import { spawnChild } from './child.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, not to the answer. */
const TRANSIENT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
]);

/** One request with node:http (no decompression), answering the raw body and lasting headers. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && !TRANSIENT.has(name)) headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

/** The bare node:http server answering these board variants. */
export async function startBareHttp(variants: Variant[]): Promise<BareServer> {
  const child = spawnChild('bench/event/bareHttp.ts', { env: { ...process.env } });
  const { port } = await child.next<{ port: number }>('listening');
  await child.request({ type: 'variants', variants });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.stop() };
}

/** The bare Fastify app answering this /api/config answer (and the POST route). */
export async function startBareFastify(config: RawAnswer): Promise<BareServer> {
  const child = spawnChild('bench/event/bareFastify.ts', { env: { ...process.env } });
  const { port } = await child.next<{ port: number }>('listening');
  await child.request({ type: 'config', config: { headers: config.headers, body: config.body } });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.stop() };
}
