/**
 * When a started container answers on its entry: the first bytes its service sends. A TCP accept
 * alone proves nothing here: Docker publishes ports through its userland proxy (the engines run
 * with `--iptables=false`), which accepts on the host port as soon as the container starts and
 * closes again while nothing listens inside. So a connection that closes or fails without data is
 * tried again after a short pause until the deadline.
 */
import { connect } from 'node:net';

const RETRY_PAUSE_MS = 25;
/** One try gives up after this long without data (the echo service answers at once). */
const TRY_TIMEOUT_MS = 2_000;

function firstBytes(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answered = false;
    socket.setTimeout(TRY_TIMEOUT_MS, () => socket.destroy());
    socket.once('data', () => {
      answered = true;
      socket.destroy();
    });
    socket.once('error', () => undefined);
    socket.once('close', () => resolve(answered));
  });
}

/**
 * Waits until `host:port` sends its first bytes; answers `performance.now()` of that moment, or
 * null at the deadline (a `performance.now()` time).
 */
export async function waitForAnswer(
  host: string,
  port: number,
  deadline: number,
): Promise<number | null> {
  while (performance.now() < deadline) {
    if (await firstBytes(host, port)) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
  return null;
}

/** `host:port` of an entry as the Default port mapping shows it (IPv6 hosts in brackets). */
export function parseEntry(entry: string): { host: string; port: number } | null {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(entry);
  return match ? { host: match[1], port: Number(match[2]) } : null;
}
