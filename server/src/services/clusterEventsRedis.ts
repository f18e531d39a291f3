/**
 * Cluster events across instances over Redis pub/sub (REDIS_URL); the contract is in
 * clusterEvents.ts. A topic travels on the channel `vexil:events:<namespace>:<topic>`, where the
 * namespace names the deployment (its database), so instances of other deployments or test apps
 * sharing one Redis never see each other's messages. A topic's channel is subscribed while this
 * instance has a listener for it.
 *
 * Each message goes out as `<origin>\n<message>`, origin being a random id of this instance: the
 * echo of its own messages is ignored (its listeners already ran inside `publish`), and no JSON is
 * parsed on the way in. While Redis is unreachable, publishing drops the message for the other
 * instances (no queue builds up; their caches expire on their own) and logs once per outage; once
 * it is back, the subscriber subscribes again to every channel (redisConnection.ts).
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import {
  LocalClusterEvents,
  type ClusterEventListener,
  type ClusterEvents,
} from './clusterEvents.js';
import { RedisLink, redisOutageLog } from './redisConnection.js';

export interface RedisClusterEventsOptions {
  /** Names the deployment in the channel names. */
  namespace: string;
  /** Told once when Redis becomes unreachable (and again after each recovery). */
  onError?: (error: Error) => void;
  /** Told when Redis answers again after an outage. */
  onRecovered?: () => void;
  /** Told when a listener throws. */
  onListenerError?: (error: unknown, topic: string) => void;
}

export class RedisClusterEvents implements ClusterEvents {
  private readonly local: LocalClusterEvents;
  private readonly origin = randomUUID();
  private readonly listeners = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly channelPrefix: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly link: RedisLink;

  constructor(
    url: string,
    private readonly options: RedisClusterEventsOptions,
  ) {
    this.local = new LocalClusterEvents(options.onListenerError);
    this.channelPrefix = `vexil:events:${options.namespace}:`;
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

  publish(topic: string, message: string): void {
    this.local.publish(topic, message);
    this.publisher.publish(this.channelPrefix + topic, `${this.origin}\n${message}`).catch(ignore);
  }

  subscribe(topic: string, listener: ClusterEventListener): () => void {
    const off = this.local.subscribe(topic, listener);
    const count = (this.listeners.get(topic) ?? 0) + 1;
    this.listeners.set(topic, count);
    if (count === 1) this.track(this.subscriber.subscribe(this.channelPrefix + topic));
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      off();
      const left = (this.listeners.get(topic) ?? 1) - 1;
      if (left > 0) return void this.listeners.set(topic, left);
      this.listeners.delete(topic);
      this.track(this.subscriber.unsubscribe(this.channelPrefix + topic));
    };
  }

  /** Resolves once both connections are ready and every subscription so far is in place (tests
   *  and start-up; publishing never waits for it). */
  async ready(): Promise<void> {
    const ready = (client: Redis) =>
      client.status === 'ready' ? undefined : once(client, 'ready');
    await Promise.all([ready(this.publisher), ready(this.subscriber)]);
    await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.link.close();
  }

  private track(command: Promise<unknown>): void {
    const settled = command.catch(ignore);
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  private receive(channel: string, text: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    const newline = text.indexOf('\n');
    if (newline < 0 || text.slice(0, newline) === this.origin) return;
    this.local.publish(channel.slice(this.channelPrefix.length), text.slice(newline + 1));
  }
}

/** A command that failed because Redis is unreachable: the link has reported the outage. */
const ignore = () => undefined;

/**
 * `app.clusterEvents`: over Redis when the deployment has one (REDIS_URL, closed with the app),
 * else in process. `namespace` names the deployment (see databaseNamespace). Problems go to the
 * app's log.
 */
export function clusterEventsFor(app: FastifyInstance, namespace: string): ClusterEvents {
  const onListenerError = (error: unknown, topic: string) =>
    app.log.error({ err: error }, `A listener of cluster event ${topic} failed`);
  const url = app.config.redisUrl;
  if (!url) return new LocalClusterEvents(onListenerError);
  const outage = redisOutageLog(app.log, 'cluster events', 'other instances miss them meanwhile');
  const events = new RedisClusterEvents(url, {
    namespace,
    onError: outage.down,
    onRecovered: outage.up,
    onListenerError,
  });
  app.addHook('onClose', () => events.close());
  return events;
}
