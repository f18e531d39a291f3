/**
 * A TCP relay in front of a server that the test can sever: every connection through it is cut
 * (the client sees its connection reset, as when the database host goes away) and new ones are
 * refused until it is restored. Lets an in-process test take the shared PostgreSQL of
 * DATABASE_URL "down" for its own connections only, without touching the server.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface SeverableProxy {
  port: number;
  /** `url` with its host and port replaced by the relay's. */
  through(url: string): string;
  /** Cuts every connection and refuses new ones. */
  sever(): Promise<void>;
  /** Accepts connections again, on the same port (nothing happens when it does already). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startSeverableProxy(target: {
  host: string;
  port: number;
}): Promise<SeverableProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const listening = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          // A cut connection errors on both sides: the relay itself has nothing to report.
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        const address = listening.address();
        if (typeof address === 'object' && address) port = address.port;
        server = listening;
        resolve();
      });
    });

  const sever = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      for (const socket of sockets) {
        try {
          socket.resetAndDestroy();
        } catch {
          socket.destroy();
        }
      }
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    sever,
    restore: listen,
    close: sever,
  };
}
