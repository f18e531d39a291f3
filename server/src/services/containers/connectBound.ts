/**
 * A bound on connecting to the container engine alone. docker-modem's own `connectionTimeout`
 * is cleared only when the answer's headers arrive, so it cut every call the engine took longer
 * than that to answer (a create under load takes seconds): the engine had done the work, the
 * caller saw "socket hang up". Here the timer stops at the socket's connect; how long the engine
 * then works is bounded by the request timeout alone.
 */
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

export const ENGINE_CONNECT_TIMEOUT_MS = 5_000;

/** Destroys `socket` unless it connects within `ms`; returns it. */
export function boundConnect<S extends Duplex & { connecting?: boolean }>(
  socket: S,
  ms: number,
): S {
  if (socket.connecting === false) return socket;
  const timer = setTimeout(() => {
    const error = Object.assign(
      new Error(`connect timeout: no connection to the engine in ${ms} ms`),
      {
        code: 'ETIMEDOUT',
      },
    );
    socket.destroy(error);
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  socket.once('connect', stop);
  socket.once('close', stop);
  return socket;
}

type CreateConnection = (
  options: object,
  callback?: (error: Error | null, socket: Duplex) => void,
) => Duplex;

/** An HTTP(S) agent for the engine whose connections are bounded by `boundConnect`. */
export function connectBoundAgent(tls: boolean, ms = ENGINE_CONNECT_TIMEOUT_MS): http.Agent {
  const agent = tls ? new https.Agent() : new http.Agent();
  const base = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(
    agent,
  );
  (agent as unknown as { createConnection: CreateConnection }).createConnection = (
    options,
    callback,
  ) => boundConnect(base(options, callback), ms);
  return agent;
}
