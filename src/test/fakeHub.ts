/**
 * The one way web tests fake live channels (`/hub/user`, `/hub/monitor`, `/hub/admin`): replace
 * the SignalR client's builder, so the app's own connection code (`@/lib/realtime`) runs and every
 * connection it builds is a {@link FakeHubConnection} the test can push messages through and drop
 * or regain:
 *
 *   vi.mock('@microsoft/signalr', async (importOriginal) =>
 *     (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
 *   );
 *
 * and `beforeEach(() => fakeHubs.reset())`.
 */
import { act } from '@testing-library/react';
import type { HubLink } from '@/lib/realtime/hubLink';

type Handler = (...args: unknown[]) => void;

/** A fake hub connection: records start/stop, lets the test push messages and play a lost one. */
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

interface OpenedHub {
  url: string;
  connection: FakeHubConnection;
}

export const fakeHubs = {
  opened: [] as OpenedHub[],
  /** Runs on each connection as it is built, before the app starts it (e.g. to set `startWith`). */
  onBuild: undefined as ((connection: FakeHubConnection) => void) | undefined,
  /** The newest connection to `url` (or to any URL). */
  last(url?: string): FakeHubConnection | undefined {
    return fakeHubs.opened.filter((hub) => url === undefined || hub.url === url).at(-1)?.connection;
  },
  /**
   * Holds the start of each connection built from now on, so the test sees it `connecting`;
   * answers the function that lets the last held start succeed.
   */
  holdStarts(): () => void {
    let started = () => {};
    fakeHubs.onBuild = (connection) =>
      (connection.startWith = () => new Promise<void>((resolve) => (started = resolve)));
    return () => act(() => started());
  },
  reset() {
    fakeHubs.opened.length = 0;
    fakeHubs.onBuild = undefined;
  },
};

/** A stand-in for `HubConnectionBuilder` whose `build()` opens a fake connection. */
class FakeHubConnectionBuilder {
  private url = '';
  withUrl(url: string) {
    this.url = url;
    return this;
  }
  withAutomaticReconnect() {
    return this;
  }
  configureLogging() {
    return this;
  }
  build() {
    const connection = new FakeHubConnection();
    fakeHubs.opened.push({ url: this.url, connection });
    fakeHubs.onBuild?.(connection);
    return connection;
  }
}

export function withFakeHubs<T extends object>(signalr: T): T {
  return { ...signalr, HubConnectionBuilder: FakeHubConnectionBuilder };
}
