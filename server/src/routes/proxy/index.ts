/**
 * The proxy operations (/api/proxy/{id}, /api/proxy/noinst/{id}). A plain request of any method is
 * a liveness probe (204 once the checks pass); an upgrade request opens the session before the
 * handshake, so every refusal is a plain HTTP answer, then relays bytes until either side closes.
 */
import type { FastifyRequest } from 'fastify';
import type { Handlers, SocketHandlers } from '../../http/handlers.js';
import type { ProxyRoute, ProxySession } from '../../services/proxy/proxyService.js';
import { relay } from '../../services/proxy/relay.js';
import type { WebSocket } from 'ws';

interface PendingSession {
  session: ProxySession;
  /** Releases the session if the handshake never completes. */
  onEarlyClose: () => void;
}

const pending = new WeakMap<FastifyRequest, PendingSession>();

const containerId = (request: FastifyRequest) =>
  (request.params as { id: string }).id.toLowerCase();

async function probe(request: FastifyRequest) {
  await request.server.tcpProxy.checkAvailable(containerId(request));
}

function acceptFor(route: ProxyRoute) {
  return async function accept(request: FastifyRequest): Promise<void> {
    const session = await request.server.tcpProxy.open(
      containerId(request),
      route,
      { ip: request.ip, port: request.socket.remotePort },
      request.log,
    );
    const onEarlyClose = () => void session.dispose();
    request.raw.socket.once('close', onEarlyClose);
    pending.set(request, { session, onEarlyClose });
  };
}

async function connected(socket: WebSocket, request: FastifyRequest): Promise<void> {
  const entry = pending.get(request);
  if (!entry) return socket.terminate();
  pending.delete(request);
  request.raw.socket.off('close', entry.onEarlyClose);
  const { session } = entry;
  const { tcpProxy } = request.server;
  const ended = relay(socket, session.tcp, { ...tcpProxy.timing, recorder: session.recorder })
    .then((bytes) =>
      request.log.debug(
        { container: session.target.id, client: request.ip, target: session.address, ...bytes },
        'Proxy session ended',
      ),
    )
    .finally(() => session.dispose());
  tcpProxy.track(ended, () => {
    socket.terminate();
    session.tcp.destroy();
  });
  await ended;
}

export const proxyHandlers: Handlers = {
  async proxyConnect(request, reply) {
    await probe(request);
    return reply.code(204).send();
  },
  async proxyConnectNoInstance(request, reply) {
    await probe(request);
    return reply.code(204).send();
  },
};

export const proxySocketHandlers: SocketHandlers = {
  proxyConnect: { accept: acceptFor('team'), connected },
  proxyConnectNoInstance: { accept: acceptFor('noInstance'), connected },
};
