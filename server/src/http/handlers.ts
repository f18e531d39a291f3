/** Handler types derived from the generated spec types: one handler per operationId. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../src/api/schema.gen.js';

export type OperationId = keyof operations;

type Part<Op, K extends string> = Op extends { parameters: Record<K, infer P> }
  ? [P] extends [undefined] | [never]
    ? Record<string, never>
    : NonNullable<P>
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

/** A handler resolves to the 200 body (or undefined for an empty 200), or throws ApiError. */
export type Handler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<SuccessBody<operations[K]> | void | FastifyReply>;

export type Handlers = { [K in OperationId]?: Handler<K> };
