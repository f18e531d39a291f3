/**
 * One hub connection per URL for the whole page: the challenges page listens to notices and to
 * board updates of the same game, and that must not open two WebSockets per player (a thousand
 * players are already a thousand connections). Hooks acquire the connection, add their own
 * handlers, and release it; the last release stops it.
 *
 * This is also the one lifecycle of every live channel: SignalR retries a lost connection itself
 * (./hubLink.ts), and a start that failed or a connection the server closed is started again
 * here after the same delays, for as long as someone holds it.
 */
import { createHubConnection, retryDelay, type HubLink, type HubStatus } from './hubLink';

type Handler = (...args: unknown[]) => void;

interface Shared {
  link?: HubLink;
  status: HubStatus;
  users: number;
  listeners: Set<(status: HubStatus) => void>;
  /** Handlers by hub method, as the hooks added them. */
  handlers: Map<string, Set<Handler>>;
  retry?: ReturnType<typeof setTimeout>;
  failures: number;
}

const open = new Map<string, Shared>();

export interface HubLease {
  /** Delivers each message of `method` to `handler` until {@link off}. */
  on(method: string, handler: Handler): void;
  off(method: string, handler: Handler): void;
  /**
   * Calls `listener` with the status now (soon after, not during the call) and on every change;
   * answers the function that stops it.
   */
  watch(listener: (status: HubStatus) => void): () => void;
  release(): void;
}

/** Opens the shared connection to `url` for a first user already counted in. */
function openShared(url: string, shared: Shared): void {
  const held = () => shared.users > 0;
  const set = (status: HubStatus) => {
    if (!held()) return;
    shared.status = status;
    for (const listener of shared.listeners) listener(status);
  };
  const retryLater = () => {
    if (!held()) return;
    set('offline');
    clearTimeout(shared.retry);
    shared.retry = setTimeout(start, retryDelay(shared.failures++));
  };
  function start() {
    const link = shared.link;
    if (!link || !held()) return;
    if (shared.failures > 0) set('reconnecting');
    link.start().then(() => {
      if (!held()) return void link.stop().catch(() => undefined);
      shared.failures = 0;
      set('live');
    }, retryLater);
  }
  const begin = (link: HubLink) => {
    shared.link = link;
    for (const [method, handlers] of shared.handlers) {
      for (const handler of handlers) link.on(method, handler);
    }
    link.onreconnecting(() => set('reconnecting'));
    link.onreconnected(() => set('live'));
    link.onclose(retryLater);
    start();
  };
  try {
    begin(createHubConnection(url));
  } catch {
    retryLater();
  }
}

export function acquireHub(url: string): HubLease {
  let shared = open.get(url);
  const first = !shared;
  if (!shared) {
    shared = {
      status: 'connecting',
      users: 0,
      listeners: new Set(),
      handlers: new Map(),
      failures: 0,
    };
    open.set(url, shared);
  }
  const entry = shared;
  entry.users++;
  if (first) openShared(url, entry);
  let released = false;
  return {
    on(method, handler) {
      entry.handlers.set(method, (entry.handlers.get(method) ?? new Set()).add(handler));
      entry.link?.on(method, handler);
    },
    off(method, handler) {
      entry.handlers.get(method)?.delete(handler);
      entry.link?.off(method, handler);
    },
    watch(listener) {
      entry.listeners.add(listener);
      queueMicrotask(() => entry.listeners.has(listener) && listener(entry.status));
      return () => entry.listeners.delete(listener);
    },
    release() {
      if (released) return;
      released = true;
      entry.users--;
      if (entry.users > 0) return;
      open.delete(url);
      clearTimeout(entry.retry);
      entry.link?.stop().catch(() => undefined);
    },
  };
}
