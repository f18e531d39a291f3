/**
 * The platform's WebSocket-to-TCP proxy (behaviour §7.3, tunnel contract §1): the checks made
 * before any handshake, in the contract's order, and the opening of a session (container
 * connection, connection slot, capture). Failures are domain errors, answered as plain HTTP.
 */
import { randomBytes } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.js';
import {
  containerExists,
  findProxyTarget,
  type ProxyTarget,
} from '../../db/repositories/proxyTargets.js';
import { captureFileName, captureMetadataJson } from '../../domain/captureRules.js';
import { ipv6Bytes } from '../../domain/pcap.js';
import { NotFound, Refused, Unreachable } from '../../domain/errors.js';
import type { CaptureStore } from '../captureStore.js';
import type { SettingsService } from '../settings.js';
import { CaptureRecorder } from './captureRecorder.js';
import { ConnectionCounter } from './connectionCounter.js';
import { connectTcp, resolveAddress } from './containerSocket.js';
import { ExistenceCache } from './existenceCache.js';
import type { RelayTiming } from './relay.js';

/** `/api/proxy/{id}` serves team containers; `/api/proxy/noinst/{id}` the others. */
export type ProxyRoute = 'team' | 'noInstance';

export interface ProxyTiming extends RelayTiming {
  connectTimeoutMs: number;
}

export const DEFAULT_PROXY_TIMING: ProxyTiming = {
  sessionLimitMs: 30 * 60_000,
  pingIntervalMs: 30_000,
  connectTimeoutMs: 10_000,
};

export const MAX_CONNECTIONS_PER_CONTAINER = 64;

export interface ProxyClient {
  ip: string | undefined;
  port: number | undefined;
}

export interface ProxySession {
  target: ProxyTarget;
  /** The container's resolved address. */
  address: string;
  tcp: Socket;
  recorder?: CaptureRecorder;
  /** Releases everything the session holds; safe to call more than once. */
  dispose(): Promise<void>;
}

export class ProxyService {
  readonly timing: ProxyTiming = { ...DEFAULT_PROXY_TIMING };
  readonly connections = new ConnectionCounter(MAX_CONNECTIONS_PER_CONTAINER);
  private readonly existence: ExistenceCache;
  /** Relaying sessions: their end, and how to stop them at once. */
  private readonly live = new Map<Promise<unknown>, () => void>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: SettingsService,
    private readonly captures: CaptureStore,
  ) {
    this.existence = new ExistenceCache((id) => containerExists(db, id));
  }

  /** Call when a container is created or destroyed, so probes see it at once. */
  forget(id: string): void {
    this.existence.forget(id);
  }

  /** Keeps track of a relaying session until `ended` settles. */
  track(ended: Promise<unknown>, stop: () => void): void {
    this.live.set(ended, stop);
    const untrack = () => this.live.delete(ended);
    ended.then(untrack, untrack);
  }

  /** Stops every session and waits until each has stored its capture (server shutdown). */
  async shutdown(): Promise<void> {
    for (const stop of this.live.values()) stop();
    await Promise.allSettled(this.live.keys());
  }

  /** The checks every request makes, upgrade or not: proxy mode on, container known. */
  async checkAvailable(id: string): Promise<void> {
    const { containerPolicy } = await this.settings.get();
    if (containerPolicy.portMapping !== 'PlatformProxy') throw new Refused('TCP proxy is disabled');
    if (!(await this.existence.exists(id))) throw new NotFound('Container does not exist');
  }

  /** Everything before the handshake of an upgrade; the caller disposes the session. */
  async open(
    id: string,
    route: ProxyRoute,
    client: ProxyClient,
    log: FastifyBaseLogger,
  ): Promise<ProxySession> {
    await this.checkAvailable(id);
    const counted = route === 'team';
    if (counted && !this.connections.tryAcquire(id)) {
      throw new Refused('Container connection limit reached');
    }
    try {
      return await this.connectTo(id, route, client, log, counted);
    } catch (error) {
      if (counted) this.connections.release(id);
      throw error;
    }
  }

  private async connectTo(
    id: string,
    route: ProxyRoute,
    client: ProxyClient,
    log: FastifyBaseLogger,
    counted: boolean,
  ): Promise<ProxySession> {
    const target = await findProxyTarget(this.db, id);
    const isTeamContainer = target?.gameInstanceId != null;
    if (!target?.isProxy || isTeamContainer !== (route === 'team')) {
      throw new NotFound('Container does not exist');
    }
    const address = await resolveAddress(target.ip);
    if (!client.ip || !isIP(client.ip)) throw new Refused('Invalid access address');

    let tcp: Socket;
    try {
      tcp = await connectTcp(address, target.port, this.timing.connectTimeoutMs);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      log.debug({ err: error, container: id }, 'Proxy could not reach the container');
      throw new Unreachable(`Failed to connect to the container (${reason})`);
    }
    const recorder = await this.startCapture(target, address, client, log);

    let disposed: Promise<void> | undefined;
    const dispose = () =>
      (disposed ??= (async () => {
        tcp.destroy();
        await recorder?.finish().catch((error: unknown) => {
          log.error({ err: error, container: id }, 'Could not store a traffic capture');
        });
        if (counted) this.connections.release(id);
      })());
    return { target, address, tcp, recorder, dispose };
  }

  /** A recorder when the container records traffic; a failing disk only loses the capture. */
  private async startCapture(
    target: ProxyTarget,
    address: string,
    client: ProxyClient,
    log: FastifyBaseLogger,
  ): Promise<CaptureRecorder | undefined> {
    if (!target.capture || target.participationId === null) return undefined;
    try {
      return await CaptureRecorder.start(
        {
          store: this.captures,
          challengeId: target.challengeId,
          participationId: target.participationId,
          fileName: captureFileName(target.id, randomBytes(6).toString('hex')),
        },
        { address: ipv6Bytes(client.ip ?? '::'), port: client.port ?? 0 },
        { address: ipv6Bytes(address), port: target.port },
        captureMetadataJson({
          challenge: target.challengeTitle,
          challengeId: target.challengeId,
          team: target.teamName ?? '',
          teamId: target.teamId ?? 0,
          containerId: target.engineId,
          flag: target.flag,
        }),
      );
    } catch (error) {
      log.error({ err: error, container: target.id }, 'Could not start a traffic capture');
      return undefined;
    }
  }
}
