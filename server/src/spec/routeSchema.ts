/** Turns an operation of the spec into the Fastify route schema that validates its input. */
import type { FastifySchema } from 'fastify';
import type { JsonSchema, OperationSpec, ParameterSpec } from './document.js';

export const JSON_TYPE = 'application/json';
export const MULTIPART_TYPE = 'multipart/form-data';

function objectOf(params: ParameterSpec[], additional: boolean): JsonSchema | undefined {
  if (params.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required || p.in === 'path').map((p) => p.name),
    additionalProperties: additional,
  };
}

export function routeSchema(op: OperationSpec): FastifySchema {
  const schema: FastifySchema = {};
  const params = objectOf(
    op.parameters.filter((p) => p.in === 'path'),
    false,
  );
  const query = objectOf(
    op.parameters.filter((p) => p.in === 'query'),
    true,
  );
  const headers = objectOf(
    op.parameters
      .filter((p) => p.in === 'header')
      .map((p) => ({ ...p, name: p.name.toLowerCase() })),
    true,
  );
  if (params) schema.params = params;
  if (query) schema.querystring = query;
  if (headers) schema.headers = headers;
  const json = op.requestBody?.content[JSON_TYPE];
  if (json) schema.body = json;
  return schema;
}

/** Content types the operation accepts for its body (empty when it takes none). */
export const bodyContentTypes = (op: OperationSpec): string[] =>
  Object.keys(op.requestBody?.content ?? {});
