/**
 * Registers every operation of the spec as a route: rate limits, role check, API token scope, CSRF
 * (not for a request with a token), content type and
 * input validation run before the handler; operations without a handler answer 501. An operation
 * with a socket handler is also a WebSocket endpoint (@fastify/websocket's `wsHandler`), and
 * answers every HTTP method: tunnel clients probe it with OPTIONS.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { ApiError } from '../http/errors.js';
import type { WebSocket } from 'ws';
import type { Handlers, SocketHandlers } from '../http/handlers.js';
import { csrfGuard, isUnsafeMethod } from '../plugins/csrf.js';
import type { RateLimiters } from '../plugins/rateLimits.js';
import { roleGuard } from '../plugins/roles.js';
import { tokenScopeGuard } from '../plugins/tokenScopes.js';
import { listOperations, toRoutePath, type OperationSpec } from '../spec/document.js';
import { multipartValidator } from '../spec/multipart.js';
import { bodyContentTypes, MULTIPART_TYPE, routeSchema } from '../spec/routeSchema.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: OperationSpec;
  }
}

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 ||
  request.headers['transfer-encoding'] !== undefined;

/** 415 before the body is read when it is not one of the operation's content types. */
function contentTypeGuard(types: string[]): onRequestHookHandler {
  return async function checkContentType(request: FastifyRequest) {
    if (types.length === 0 || !hasBody(request)) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!types.includes(type)) {
      throw new ApiError(415, `Unsupported content type; expected ${types.join(' or ')}`);
    }
  };
}

function notImplemented(op: OperationSpec) {
  return async function notYet(_request: FastifyRequest, reply: FastifyReply) {
    return reply.code(501).send({ title: `${op.operationId} is not implemented yet`, status: 501 });
  };
}

/** Methods a WebSocket operation also answers besides GET (and the HEAD Fastify adds). */
const PROBE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type RouteSocketHandler = {
  accept(request: FastifyRequest): Promise<void>;
  connected(socket: WebSocket, request: FastifyRequest): Promise<void> | void;
};

export function registerOperations(
  app: FastifyInstance,
  handlers: Handlers,
  limits: RateLimiters | null,
  socketHandlers: SocketHandlers = {},
): void {
  for (const op of listOperations()) {
    const types = bodyContentTypes(op);
    const onRequest: onRequestHookHandler[] = [];
    if (limits) onRequest.push(limits.global);
    onRequest.push(roleGuard(op.role));
    onRequest.push(tokenScopeGuard(op));
    if (isUnsafeMethod(op.method)) onRequest.push(csrfGuard);
    if (limits && op.rateLimit) onRequest.push(...limits.named(op.rateLimit));
    onRequest.push(contentTypeGuard(types));

    const preValidation: preValidationHookHandler[] = [];
    const multipart = op.requestBody?.content[MULTIPART_TYPE];
    if (multipart) {
      const validate = multipartValidator(multipart);
      const required = op.requestBody?.required ?? false;
      preValidation.push(async (request) => {
        if (!request.isMultipart()) {
          if (required)
            throw new ApiError(415, `Unsupported content type; expected ${MULTIPART_TYPE}`);
          return;
        }
        request.body = await validate(request.body);
      });
    }

    const handler = handlers[op.operationId as keyof Handlers] as
      ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined;
    const socket = socketHandlers[op.operationId as keyof SocketHandlers] as
      RouteSocketHandler | undefined;
    const route = {
      url: toRoutePath(op.path),
      schema: routeSchema(op),
      config: { operation: op },
      onRequest,
      preValidation,
      handler: handler ?? notImplemented(op),
    };
    if (!socket) {
      app.route({ ...route, method: op.method });
      continue;
    }
    app.route({
      ...route,
      method: op.method,
      preHandler: async (request) => {
        if (request.ws) await socket.accept(request);
      },
      wsHandler: (ws, request) => socket.connected(ws, request),
    });
    app.route({ ...route, method: PROBE_METHODS });
  }
}

/** Operation ids that have no handler yet (they answer 501). */
export function unimplementedOperations(handlers: Handlers): string[] {
  return listOperations()
    .map((op) => op.operationId)
    .filter((id) => !(id in handlers));
}
