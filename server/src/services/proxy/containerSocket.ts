/**
 * Reaching a container before the handshake: its stored host resolved to an address (400 when it
 * does not resolve), and a TCP connection with a time limit.
 */
import { lookup } from 'node:dns/promises';
import { connect, isIP, type Socket } from 'node:net';
import { Refused } from '../../domain/errors.js';

export function connectTcp(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error('Connection timed out'), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      // Until the relay takes over, an error only has to close the socket.
      socket.on('error', () => socket.destroy());
      resolve(socket);
    });
  });
}

export async function resolveAddress(host: string): Promise<string> {
  if (isIP(host)) return host;
  try {
    return (await lookup(host)).address;
  } catch {
    throw new Refused('Container address parse failed');
  }
}
