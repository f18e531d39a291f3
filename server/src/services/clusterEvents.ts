/**
 * Cluster events: small "something changed, drop your cached copy" messages between the instances
 * of one deployment. Whoever changes shared state publishes on a topic after the change is stored;
 * every instance holding a copy of that state subscribes and forgets it.
 *
 *   app.clusterEvents.subscribe('sessions', (message) => cache.delete(message));
 *   app.clusterEvents.publish('sessions', `user:${id}`);
 *
 * Topics are free-form names chosen by the publishing service (`sessions`, …); messages are short
 * strings the subscribers parse (ids, keys, a few bytes of JSON). Delivery is best effort and at
 * most once, so a subscriber's cache must also expire on its own: a message lost while Redis was
 * down must not leave a stale copy forever.
 *
 * In process by default (this file). With REDIS_URL the Redis bus (clusterEventsRedis.ts) has the
 * same contract: this instance's listeners run synchronously inside `publish` (a logout followed at
 * once by a request on the same instance is already refused), the other instances get the message
 * through Redis pub/sub, and `publish` never blocks or throws.
 */
import { EventEmitter } from 'node:events';

export type ClusterEventListener = (message: string) => void;

export interface ClusterEvents {
  /** Delivers to this instance's listeners before returning, and to the other instances. */
  publish(topic: string, message: string): void;
  /** Returns the function that unsubscribes (calling it twice is harmless). */
  subscribe(topic: string, listener: ClusterEventListener): () => void;
}

/** One instance's listeners. A listener that throws is reported and does not stop the others. */
export class LocalClusterEvents implements ClusterEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly onListenerError: (error: unknown, topic: string) => void = () => {},
  ) {}

  publish(topic: string, message: string): void {
    this.emitter.emit(topic, message);
  }

  subscribe(topic: string, listener: ClusterEventListener): () => void {
    const guarded = (message: string) => {
      try {
        listener(message);
      } catch (error) {
        this.onListenerError(error, topic);
      }
    };
    this.emitter.on(topic, guarded);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.emitter.off(topic, guarded);
    };
  }
}
