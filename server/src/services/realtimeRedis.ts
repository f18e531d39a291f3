/**
 * The realtime bus across instances, over Redis pub/sub (REDIS_URL). Messages are delivered to
 * this instance's listeners at once, as with the in-process bus, and published on the channel
 * `vexil:<deployment>:hub:<group>` for the other instances; each instance ignores what it published itself.
 * A group's channel is subscribed while this instance has a listener for it.
 *
 * Live updates are best effort: while Redis is unreachable, other instances miss messages (no
 * queue builds up), and this instance keeps delivering its own.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  LocalRealtimeBus,
  type HubListener,
  type HubTarget,
  type RealtimeBus,
} from './realtime.js';
import { RedisLink, redisOutageLog } from './redisConnection.js';

export const CHANNEL_PREFIX = 'vexil:';

interface Envelope {
  origin: string;
  target: HubTarget;
  payload: unknown;
}

export interface RedisBusOptions {
  prefix?: string;
  /** Told once when Redis becomes unreachable (and again after each recovery). */
  onError?: (error: Error) => void;
  /** Told when Redis answers again after an outage. */
  onRecovered?: () => void;
}

export class RedisRealtimeBus implements RealtimeBus {
  private readonly local = new LocalRealtimeBus();
  private readonly origin = randomUUID();
  private readonly listeners = new Map<string, number>();
  private readonly channelPrefix: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly link: RedisLink;

  constructor(url: string, options: RedisBusOptions = {}) {
    this.channelPrefix = `${options.prefix ?? CHANNEL_PREFIX}hub:`;
    // Publishing fails at once while disconnected; subscribing waits for the connection (and
    // ioredis subscribes again after a reconnect). The link reports the outage.
    this.link = new RedisLink(url, {
      down: (error) => options.onError?.(error),
      up: () => options.onRecovered?.(),
    });
    this.publisher = this.link.commands();
    this.subscriber = this.link.subscriber();
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
  }

  publish(group: string, target: HubTarget, payload: unknown): void {
    this.local.publish(group, target, payload);
    const envelope: Envelope = { origin: this.origin, target, payload };
    this.publisher.publish(this.channelPrefix + group, JSON.stringify(envelope)).catch(ignore);
  }

  subscribe(group: string, listener: HubListener): () => void {
    const off = this.local.subscribe(group, listener);
    const count = (this.listeners.get(group) ?? 0) + 1;
    this.listeners.set(group, count);
    if (count === 1) {
      this.subscriber.subscribe(this.channelPrefix + group).catch(ignore);
    }
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      off();
      const left = (this.listeners.get(group) ?? 1) - 1;
      if (left > 0) return void this.listeners.set(group, left);
      this.listeners.delete(group);
      this.subscriber.unsubscribe(this.channelPrefix + group).catch(ignore);
    };
  }

  /** Groups with a listener on this instance, and how many (tests, diagnostics). */
  listenerCounts(): ReadonlyMap<string, number> {
    return this.listeners;
  }

  /** Resolves once both connections are ready (tests; publishing never waits for it). */
  async ready(): Promise<void> {
    const ready = (client: Redis) =>
      client.status === 'ready' ? undefined : once(client, 'ready');
    await Promise.all([ready(this.publisher), ready(this.subscriber)]);
  }

  async close(): Promise<void> {
    await this.link.close();
  }

  private receive(channel: string, text: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin) return;
    this.local.publish(channel.slice(this.channelPrefix.length), envelope.target, envelope.payload);
  }
}

/** A command that failed because Redis is unreachable: the link has reported the outage. */
const ignore = () => undefined;

/** The app's bus on Redis, closed with the app; errors go to the app's log once per outage. */
/**
 * The bus of one deployment: its channels carry the deployment's name (`vexil:<name>:hub:<group>`),
 * so deployments sharing a Redis server, whose game ids overlap, never hear each other's groups.
 */
export function redisRealtimeBus(
  app: FastifyInstance,
  url: string,
  deployment: string,
): RedisRealtimeBus {
  const outage = redisOutageLog(app.log, 'live updates', 'other instances miss them meanwhile');
  const bus = new RedisRealtimeBus(url, {
    prefix: `${CHANNEL_PREFIX}${deployment}:`,
    onError: outage.down,
    onRecovered: outage.up,
  });
  app.addHook('onClose', () => bus.close());
  return bus;
}
