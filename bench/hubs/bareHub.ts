/**
 * Child process: the bare reference of the hubs bench, a `ws` server doing the least a hub can
 * (started by bare.ts, pinned to the server's CPUs). `POST …/negotiate` answers a token it never
 * checks; a WebSocket on any path gets the empty handshake answer after the client's first
 * record, then only the broadcasts: on `broadcast` (IPC), the message of the same shape and size
 * as Vexil's, stamped where Vexil puts its own timestamp with the time the bench sent it (one
 * stamp for every process of a several-process reference, so that each message has the same
 * bytes everywhere; the IPC hop, well under a millisecond, counts in the latency), is encoded once
 * and the same Buffer is sent to every socket. No pings, no rights, no per-socket state. `sample`
 * answers its resident memory, event-loop delay and CPU time since `reset`, as Vexil's /metrics
 * gives them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';

export interface Broadcast {
  target: string;
  payload: Record<string, unknown>;
  /** The payload field stamped with the send time: `time` as an ISO string, `version` as ms. */
  stamp: 'time' | 'version';
  /** The send time (epoch ms), taken by the bench as it asks for the broadcast. */
  at: number;
}

const HANDSHAKE_OK = Buffer.from('{}\x1e');
const NEGOTIATE = JSON.stringify({
  connectionId: 'bare',
  connectionToken: 'bare',
  negotiateVersion: 1,
  availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
});

const clients = new Set<WebSocket>();
const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url?.includes('/negotiate')) {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end(NEGOTIATE);
  } else {
    response.writeHead(404).end();
  }
});
server.keepAliveTimeout = 72_000;
const sockets = new WebSocketServer({ server, perMessageDeflate: false });
sockets.on('connection', (socket) => {
  socket.once('message', () => {
    socket.send(HANDSHAKE_OK);
    clients.add(socket);
  });
  socket.on('close', () => clients.delete(socket));
  socket.on('error', () => undefined);
});

const isoTime = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '+00:00');

function broadcast({ target, payload, stamp, at }: Broadcast): number {
  const stamped = { ...payload, [stamp]: stamp === 'time' ? isoTime(at) : at };
  const frame = Buffer.from(
    `${JSON.stringify({ type: 1, target, arguments: [stamped] })}\x1e`,
    'utf8',
  );
  for (const client of clients) client.send(frame, { binary: false });
  return clients.size;
}

const RESOLUTION_MS = 10;
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
delay.enable();
let cpuSince = process.cpuUsage();
const delayMs = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);

type Request =
  { id: number; type: 'broadcast'; message: Broadcast } | { id: number; type: 'reset' | 'sample' };

process.on('message', (request: Request) => {
  if (request.type === 'broadcast') {
    process.send?.({ id: request.id, sentTo: broadcast(request.message) });
  } else if (request.type === 'reset') {
    delay.reset();
    cpuSince = process.cpuUsage();
    process.send?.({ id: request.id });
  } else if (request.type === 'sample') {
    const cpu = process.cpuUsage(cpuSince);
    process.send?.({
      id: request.id,
      rssBytes: process.memoryUsage.rss(),
      eventLoop: {
        p50Ms: delayMs(delay.percentile(50)),
        p99Ms: delayMs(delay.percentile(99)),
        maxMs: delayMs(delay.max),
      },
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      sockets: clients.size,
    });
  }
});
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port });
});
