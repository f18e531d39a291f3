// A real webhook receiver for tests: node:http on 127.0.0.1 (a free port), recording every request
// it gets and answering the statuses it is told, in order (then 200). `verify` checks a request's
// signature as docs/webhooks.md tells receivers to.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/<path>`. */
  url(path?: string): string;
  /** Every request so far, in arrival order. */
  readonly received: Received[];
  /** The requests that came to this path. */
  at(path: string): Received[];
  /** The next answers' statuses, in order; 200 once they are used up. */
  answer(...statuses: number[]): void;
  /** Waits (bounded, 15 s) until `count` requests came to `path`. */
  waitFor(path: string, count?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Whether the request's `X-Vexil-Signature` is the HMAC of its timestamp and body. */
export function verify(request: Received, secret: string): boolean {
  const timestamp = String(request.headers['x-vexil-timestamp']);
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`,
  );
  const given = Buffer.from(String(request.headers['x-vexil-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // recorded as it came
      }
      received.push({ path: request.url ?? '/', headers: request.headers, body, json });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path.startsWith('/') ? path : `/${path}`}`,
    received,
    at,
    answer: (...next) => statuses.push(...next),
    async waitFor(path, count = 1) {
      await expect
        .poll(() => at(path).length, { timeout: 15_000, interval: 25 })
        .toBeGreaterThanOrEqual(count);
      return at(path);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
