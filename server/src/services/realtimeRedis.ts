/**
 * The realtime bus across instances, over Redis pub/sub (REDIS_URL). Messages are delivered to
 * this instance's listeners at once, as with the in-process bus, and published on the channel
 * `vexil:hub:<group>` for the other instances; each instance ignores what it published itself.
 * A group's channel is subscribed while this instance has a listener for it.
 *
 * Live updates are best effort: while Redis is unreachable, other instances miss messages (no
 * queue builds up), and this instance keeps delivering its own.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  LocalRealtimeBus,
  type HubListener,
  type HubTarget,
  type RealtimeBus,
} from './realtime.js';

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
}

export class RedisRealtimeBus implements RealtimeBus {
  private readonly local = new LocalRealtimeBus();
  private readonly origin = randomUUID();
  private readonly listeners = new Map<string, number>();
  private readonly channelPrefix: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private failing = false;

  constructor(
    url: string,
    private readonly options: RedisBusOptions = {},
  ) {
    this.channelPrefix = `${options.prefix ?? CHANNEL_PREFIX}hub:`;
    // Publishing fails at once while disconnected; subscribing waits for the connection.
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.failed(error));
      client.on('ready', () => (this.failing = false));
    }
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
  }

  publish(group: string, target: HubTarget, payload: unknown): void {
    this.local.publish(group, target, payload);
    const envelope: Envelope = { origin: this.origin, target, payload };
    this.publisher
      .publish(this.channelPrefix + group, JSON.stringify(envelope))
      .catch((error: Error) => this.failed(error));
  }

  subscribe(group: string, listener: HubListener): () => void {
    const off = this.local.subscribe(group, listener);
    const count = (this.listeners.get(group) ?? 0) + 1;
    this.listeners.set(group, count);
    if (count === 1) {
      this.subscriber.subscribe(this.channelPrefix + group).catch((e: Error) => this.failed(e));
    }
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      off();
      const left = (this.listeners.get(group) ?? 1) - 1;
      if (left > 0) return void this.listeners.set(group, left);
      this.listeners.delete(group);
      this.subscriber.unsubscribe(this.channelPrefix + group).catch((e: Error) => this.failed(e));
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
    this.publisher.disconnect();
    this.subscriber.disconnect();
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

  private failed(error: Error): void {
    if (this.failing) return;
    this.failing = true;
    this.options.onError?.(error);
  }
}

/** The app's bus on Redis, closed with the app; errors go to the app's log once per outage. */
export function redisRealtimeBus(app: FastifyInstance, url: string): RedisRealtimeBus {
  const bus = new RedisRealtimeBus(url, {
    onError: (error) =>
      app.log.warn({ err: error }, 'Redis for live updates is unreachable; retrying'),
  });
  app.addHook('onClose', () => bus.close());
  return bus;
}
