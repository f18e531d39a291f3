// Proxy test helpers: the app listening on a real port with the platform proxy on, TCP servers
// standing in for containers, rows in `containers` pointing at them, and WebSocket clients.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { rowsFromSettings } from '#server/domain/siteSettings.js';
import { createTestApp, testConfig } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
} from '../../support/competition.js';
import type { TestDatabase } from '../../support/databases.js';

export interface ProxyApp {
  app: FastifyInstance;
  /** `ws://127.0.0.1:<port>` */
  wsBase: string;
  /** `http://127.0.0.1:<port>` */
  httpBase: string;
}

export async function setPortMapping(app: FastifyInstance, mapping: 'Default' | 'PlatformProxy') {
  await app.settings.save(rowsFromSettings({ containerPolicy: { portMapping: mapping } }));
}

export async function startProxyApp(database: TestDatabase): Promise<ProxyApp> {
  const app = await createTestApp(database, testConfig());
  await setPortMapping(app, 'PlatformProxy');
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, wsBase: `ws://127.0.0.1:${port}`, httpBase: `http://127.0.0.1:${port}` };
}

export interface FakeContainer {
  port: number;
  server: Server;
  /** Sockets currently open to the fake container. */
  sockets: Set<Socket>;
  close(): Promise<void>;
}

/** A TCP server on 127.0.0.1; `onConnection` decides what it does (default: echo). */
export async function startTcpServer(
  onConnection: (socket: Socket) => void = (socket) => socket.pipe(socket),
): Promise<FakeContainer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    server,
    sockets,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const probe = await startTcpServer();
  await probe.close();
  return probe.port;
}

export interface ContainerRowOptions {
  challengeId: number;
  gameInstanceId: number | null;
  port: number;
  ip?: string;
  isProxy?: boolean;
  capture?: boolean;
  engineId?: string;
}

/** Inserts a `containers` row as the containers service would; answers its GUID. */
export async function insertContainer(app: FastifyInstance, options: ContainerRowOptions) {
  const id = randomUUID();
  const now = Date.now();
  await app.db
    .insertInto('containers')
    .values({
      id,
      engine_id: options.engineId ?? `engine-${id.slice(0, 8)}`,
      image: 'example/echo:latest',
      challenge_id: options.challengeId,
      game_instance_id: options.gameInstanceId,
      ip: options.ip ?? '127.0.0.1',
      port: options.port,
      public_ip: null,
      public_port: null,
      is_proxy: options.isProxy === false ? 0 : 1,
      capture: options.capture ? 1 : 0,
      started_at: now,
      expect_stop_at: now + 3_600_000,
    })
    .execute();
  return id;
}

export interface TeamInstance {
  challengeId: number;
  challengeTitle: string;
  gameInstanceId: number;
  participationId: number;
  teamId: number;
  teamName: string;
}

/** A running game, a dynamic container challenge and a registered team with its instance. */
export async function teamInstance(app: FastifyInstance, flag?: string): Promise<TeamInstance> {
  const game = await createGame(app);
  const challenge = await createChallenge(app, game.id, {
    type: 'DynamicContainer',
    enableTrafficCapture: true,
  });
  const team = await createTeamWithMembers(app);
  const registration = await joinAndAccept(app, game, team);
  const instance = await app.db
    .selectFrom('game_instances')
    .select('id')
    .where('participation_id', '=', registration.id)
    .where('challenge_id', '=', challenge.id)
    .executeTakeFirstOrThrow();
  if (flag !== undefined) {
    await app.db
      .updateTable('game_instances')
      .set({ flag })
      .where('id', '=', instance.id)
      .execute();
  }
  return {
    challengeId: challenge.id,
    challengeTitle: challenge.title,
    gameInstanceId: instance.id,
    participationId: registration.id,
    teamId: team.team.id,
    teamName: team.team.name,
  };
}

/** An organiser's test challenge (no team): a container challenge of its own game. */
export async function testChallenge(app: FastifyInstance): Promise<number> {
  const game = await createGame(app);
  const challenge = await createChallenge(app, game.id, { type: 'StaticContainer' });
  return challenge.id;
}

export class HandshakeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: { title?: string; status?: number } | null,
  ) {
    super(`Handshake refused with ${status}`);
  }
}

/**
 * Opens a WebSocket; a refused handshake rejects with its status and JSON body. `onCreate` runs
 * before the handshake, to listen for data that arrives along with it.
 */
export function openSocket(url: string, onCreate?: (ws: WebSocket) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    onCreate?.(ws);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: { title?: string; status?: number } | null;
        try {
          body = JSON.parse(text) as { title?: string; status?: number };
        } catch {
          body = null;
        }
        reject(new HandshakeRefused(response.statusCode ?? 0, body));
        ws.terminate();
      });
    });
    ws.once('error', reject);
  });
}

/** Collects received bytes until `length` arrived. */
export function receiveBytes(ws: WebSocket, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return reject(new Error('Expected binary messages only'));
      chunks.push(data);
      total += data.length;
      if (total >= length) {
        ws.off('message', onMessage);
        resolve(Buffer.concat(chunks));
      }
    };
    ws.on('message', onMessage);
    ws.once('close', () => reject(new Error(`Closed after ${total} of ${length} bytes`)));
  });
}

/** The close code the client saw. */
export function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

/** Polls until the condition holds (or fails after `timeoutMs`). */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
