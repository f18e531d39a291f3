// Hub test helpers: the app listening on a real port, SignalR clients of the official package,
// raw WebSocket clients for protocol details, and counters of live subscriptions.
import {
  HttpTransportType,
  HubConnection,
  HubConnectionBuilder,
  LogLevel,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createGame } from '#server/db/repositories/games.js';
import { createSession } from '#server/db/repositories/sessions.js';
import { createUser } from '#server/db/repositories/users.js';
import type { Role } from '#server/db/tables/accounts.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { LocalRealtimeBus, type RealtimeBus } from '#server/services/realtime.js';
import { RedisRealtimeBus } from '#server/services/realtimeRedis.js';
import { createTestApp, testConfig } from '../support/app.js';
import { buildNewUser } from '../support/builders.js';
import { useTestApp, type TestApp } from '../support/harness.js';
import type { TestDatabase } from '../support/databases.js';

export interface HubApp {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

export async function startHubApp(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<HubApp> {
  const app = await createTestApp(database, testConfig(env));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** The suite's app listening on a real port (the harness's), closed after the suite. */
export function useHubApp(
  getDb: () => TestDatabase,
  env: Record<string, string> = {},
): HubApp & TestApp {
  return useTestApp(getDb, { config: () => testConfig(env), listen: true });
}

export async function sessionFor(app: FastifyInstance, role: Role): Promise<string> {
  const user = await createUser(app.db, buildNewUser({ role }));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return token;
}

let gameSequence = 0;

export async function gameFor(app: FastifyInstance): Promise<number> {
  const now = Date.now();
  const game = await createGame(app.db, {
    title: `Hub game ${++gameSequence}`,
    start: now - 60_000,
    end: now + 3_600_000,
    publicKey: 'test-public-key',
    privateKey: 'test-private-key',
  });
  return game.id;
}

export interface HubClientOptions {
  session?: string;
  reconnect?: boolean;
  /** Sent as `Origin`, as a browser on that site does (none otherwise, as outside browsers). */
  origin?: string;
}

/** An official SignalR client: negotiate, then the WebSockets transport. */
export function hubClient(url: string, options: HubClientOptions = {}): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(url, {
      transport: HttpTransportType.WebSockets,
      skipNegotiation: false,
      headers: {
        ...(options.session ? { Cookie: `${SESSION_COOKIE}=${options.session}` } : {}),
        ...(options.origin ? { Origin: options.origin } : {}),
      },
    })
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect([0, 50, 100, 200]);
  return builder.build();
}

/** The next message of `target`, resolved with its first argument. */
export function nextMessage<T = Record<string, unknown>>(
  connection: HubConnection,
  target: string,
  accept: (value: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve) => {
    const handler = (value: T) => {
      if (!accept(value)) return;
      connection.off(target, handler);
      resolve(value);
    };
    connection.on(target, handler);
  });
}

/** Starts a connection the server must refuse; resolves with the error the client saw. */
export async function refusal(connection: HubConnection): Promise<Error> {
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  try {
    await connection.start();
  } catch (error) {
    return error as Error;
  }
  const error = await closed;
  if (!error) throw new Error('The connection closed without an error');
  return error;
}

export const waitFor = async (check: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Hub connections of this app in a group (they share one bus listener per group, groups.ts). */
export function groupMembers(app: FastifyInstance, group: string): number {
  return app.hubs.groups.members(group);
}

/** Listeners the bus really holds for a group (in process or on Redis). */
export function busListeners(bus: RealtimeBus, group: string): number {
  if (bus instanceof RedisRealtimeBus) return bus.listenerCounts().get(group) ?? 0;
  if (bus instanceof LocalRealtimeBus) return bus['emitter'].listenerCount(group);
  throw new Error('Unknown realtime bus');
}

/** A raw WebSocket client that collects the records the server sends. */
export class RawHubClient {
  readonly records: string[] = [];
  readonly socket: WebSocket;
  readonly closed: Promise<number>;

  constructor(url: string) {
    this.socket = new WebSocket(url.replace(/^http/, 'ws'));
    this.socket.on('message', (data) => {
      this.records.push(...data.toString().split('\x1e').filter(Boolean));
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
      this.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`Unexpected response ${response.statusCode}`)),
      );
    });
  }

  send(value: unknown): void {
    this.socket.send(`${JSON.stringify(value)}\x1e`);
  }

  messages(): Record<string, unknown>[] {
    return this.records.map((record) => JSON.parse(record) as Record<string, unknown>);
  }
}
