// Checks a response against what the spec declares for that operation and status.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { listOperations, type JsonSchema } from '#server/spec/document.js';
import { compileBodyValidator } from '#server/spec/validators.js';

const cache = new Map<string, ReturnType<typeof compileBodyValidator>>();

export function expectMatchesSpec(operationId: string, response: LightMyRequestResponse): void {
  const op = listOperations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`No operation ${operationId}`);
  const declared = (
    op.responses as Record<string, { content?: Record<string, { schema: JsonSchema }> }>
  )[String(response.statusCode)];
  expect(declared, `${operationId} does not declare ${response.statusCode}`).toBeDefined();
  const json = declared?.content?.['application/json'];
  if (!json) return;
  const key = `${operationId} ${response.statusCode}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = compileBodyValidator(json.schema);
    cache.set(key, validate);
  }
  const ok = validate(response.json());
  expect(ok, `${key}: ${JSON.stringify(validate.errors)}`).toBe(true);
}
