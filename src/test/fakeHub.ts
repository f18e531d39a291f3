/**
 * Fake live channels for page tests: every connection `useHub` builds is a
 * {@link FakeHubConnection} the test can push messages through and drop or regain. Replace the
 * SignalR client's builder:
 *
 *   vi.mock('@microsoft/signalr', async (importOriginal) =>
 *     (await import('./fakeHub')).withFakeHubs(await importOriginal()),
 *   );
 */
import { FakeHubConnection } from './fakeAdminHub';

interface OpenedHub {
  url: string;
  connection: FakeHubConnection;
}

export const fakeHubs = {
  opened: [] as OpenedHub[],
  /** The newest connection to `url` (or to any URL). */
  last(url?: string): FakeHubConnection | undefined {
    return fakeHubs.opened.filter((hub) => url === undefined || hub.url === url).at(-1)?.connection;
  },
  reset() {
    fakeHubs.opened.length = 0;
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
    return connection;
  }
}

export function withFakeHubs<T extends object>(signalr: T): T {
  return { ...signalr, HubConnectionBuilder: FakeHubConnectionBuilder };
}
