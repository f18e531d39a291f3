/** Handler types derived from the generated spec types: one handler per operationId. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { operations } from '#wire/schema.gen.js';

export type OperationId = keyof operations;

/** The operation's path or query parameters; optional groups (`query?`) are typed too. */
type Part<Op, K extends 'path' | 'query'> = Op extends { parameters: infer P }
  ? K extends keyof P
    ? [NonNullable<P[K]>] extends [never]
      ? Record<string, never>
      : NonNullable<P[K]>
    : Record<string, never>
  : Record<string, never>;

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : unknown;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Params: Part<operations[K], 'path'>;
  Querystring: Part<operations[K], 'query'>;
  Body: JsonBody<operations[K]>;
}>;

type SuccessBody<Op> = Op extends { responses: { 200: { content: infer C } } }
  ? C extends Record<string, infer B>
    ? B
    : never
  : undefined;

/** A handler resolves to the 200 body (or undefined for an empty 200), or throws an ApiError or a
 *  domain error (domain/errors.ts). */
export type Handler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<operations[K]> | void | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };

/**
 * An operation that is also a WebSocket endpoint: for an upgrade request `accept` runs before the
 * handshake (an error refuses it with a plain HTTP answer), then `connected` gets the open
 * socket; plain requests go to the operation's handler in `Handlers`.
 */
export interface SocketHandler<K extends OperationId> {
  accept(request: OperationRequest<K>): Promise<void>;
  connected(socket: WebSocket, request: OperationRequest<K>): Promise<void> | void;
}

export type SocketHandlers = { [K in OperationId]?: SocketHandler<K> };
