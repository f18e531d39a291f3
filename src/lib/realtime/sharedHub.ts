/**
 * One hub connection per URL for the whole page: the challenges page listens to notices and to
 * board updates of the same game, and that must not open two WebSockets per player (a thousand
 * players are already a thousand connections). Hooks acquire the connection, add their own
 * handlers, and release it; the last release stops it.
 */
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';

export type HubStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

interface Shared {
  connection: HubConnection;
  status: HubStatus;
  users: number;
  listeners: Set<(status: HubStatus) => void>;
}

const open = new Map<string, Shared>();

export interface HubLease {
  connection: HubConnection;
  /**
   * Calls `listener` with the status now (soon after, not during the call) and on every change;
   * answers the function that stops it.
   */
  watch(listener: (status: HubStatus) => void): () => void;
  release(): void;
}

export function acquireHub(url: string, connect: (url: string) => HubConnection): HubLease {
  let entry = open.get(url);
  if (!entry) {
    const created: Shared = {
      connection: connect(url),
      status: 'connecting',
      users: 0,
      listeners: new Set(),
    };
    const set = (status: HubStatus) => {
      created.status = status;
      for (const listener of created.listeners) listener(status);
    };
    created.connection.onreconnecting(() => set('reconnecting'));
    created.connection.onreconnected(() => set('live'));
    created.connection.onclose(() => created.users > 0 && set('closed'));
    created.connection.start().then(
      () => {
        if (created.users === 0) void created.connection.stop();
        else set('live');
      },
      () => created.users > 0 && set('closed'),
    );
    open.set(url, created);
    entry = created;
  }
  const shared = entry;
  shared.users++;
  let released = false;
  return {
    connection: shared.connection,
    watch(listener) {
      shared.listeners.add(listener);
      queueMicrotask(() => shared.listeners.has(listener) && listener(shared.status));
      return () => shared.listeners.delete(listener);
    },
    release() {
      if (released) return;
      released = true;
      shared.users--;
      if (shared.users > 0) return;
      open.delete(url);
      if (shared.connection.state !== HubConnectionState.Disconnected) {
        void shared.connection.stop();
      }
    },
  };
}
