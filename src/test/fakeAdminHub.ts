/**
 * A fake `/hub/admin` connection for tests: records start/stop, lets the test push hub messages
 * and play a lost and regained connection. Use it in place of the SignalR client:
 *
 *   vi.mock('@/console/adminHubConnection', async (importOriginal) => ({
 *     ...(await importOriginal<typeof import('@/console/adminHubConnection')>()),
 *     connectAdminHub: (await import('./fakeAdminHub')).fakeAdminHub.connect,
 *   }));
 */
import { act } from '@testing-library/react';
import type { HubLink } from '@/lib/realtime/hubLink';

type Handler = (...args: unknown[]) => void;

export class FakeHubConnection implements HubLink {
  starts = 0;
  stops = 0;
  /** What the next `start()` does; resolves by default. */
  startWith: () => Promise<void> = async () => undefined;
  private readonly handlers = new Map<string, Handler[]>();
  private readonly reconnecting: ((error?: Error) => void)[] = [];
  private readonly reconnected: ((connectionId?: string) => void)[] = [];
  private readonly closed: ((error?: Error) => void)[] = [];

  on(method: string, handler: Handler) {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }
  off(method: string, handler: Handler) {
    this.handlers.set(
      method,
      (this.handlers.get(method) ?? []).filter((h) => h !== handler),
    );
  }
  onreconnecting(callback: (error?: Error) => void) {
    this.reconnecting.push(callback);
  }
  onreconnected(callback: (connectionId?: string) => void) {
    this.reconnected.push(callback);
  }
  onclose(callback: (error?: Error) => void) {
    this.closed.push(callback);
  }
  start() {
    this.starts++;
    return this.startWith();
  }
  async stop() {
    this.stops++;
    for (const callback of this.closed) callback();
  }

  /** The server calls `method` with `args`. */
  push(method: string, ...args: unknown[]) {
    act(() => this.handlers.get(method)?.forEach((handler) => handler(...args)));
  }
  /** The connection drops; SignalR starts reconnecting. */
  drop() {
    act(() => this.reconnecting.forEach((callback) => callback(new Error('lost'))));
  }
  /** SignalR got the connection back. */
  regain() {
    act(() => this.reconnected.forEach((callback) => callback('again')));
  }
}

/** The connections opened so far, newest last. */
export const fakeAdminHub = {
  connections: [] as FakeHubConnection[],
  connect: async (): Promise<HubLink> => {
    const connection = new FakeHubConnection();
    fakeAdminHub.connections.push(connection);
    return connection;
  },
  get last(): FakeHubConnection | undefined {
    return fakeAdminHub.connections.at(-1);
  },
  reset() {
    fakeAdminHub.connections.length = 0;
  },
};
