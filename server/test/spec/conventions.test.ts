// Holds every operation of the spec to openapi/README.md's conventions, so the 113 operations of
// the contract stay complete: role, tag, responses for each way it can fail, limits on every input.
import { describe, expect, it } from 'vitest';
import { isUnsafeMethod } from '#server/plugins/csrf.js';
import { listOperations, loadDocument, type JsonSchema } from '#server/spec/document.js';

const tags = ['account', 'admin', 'assets', 'edit', 'game', 'info', 'proxy', 'team'];
const roles = ['Anonymous', 'Banned', 'User', 'Monitor', 'Admin'];
const limits = ['register', 'query', 'powChallenge', 'concurrency', 'container', 'submit'];

/** Every string a client can send has a length limit. */
function unboundedStrings(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !schema.enum &&
    schema.format !== 'uuid'
  ) {
    out.push(path);
  }
  for (const [name, prop] of Object.entries(
    (schema.properties ?? {}) as Record<string, JsonSchema>,
  )) {
    out.push(...unboundedStrings(prop, `${path}.${name}`));
  }
  if (schema.items) out.push(...unboundedStrings(schema.items as JsonSchema, `${path}[]`));
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const option of (schema[key] as JsonSchema[] | undefined) ?? [])
      out.push(...unboundedStrings(option, path));
  }
  return out;
}

/**
 * Where a JSON body would keep a property no schema names, or could lose one it does: an object
 * that does not list its properties (`additionalProperties: false`; the server removes the others)
 * and an `anyOf`/`oneOf` with two object branches or an `allOf` (removal while trying one branch
 * would drop the properties of another).
 */
function unclearObjects(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('object') && schema.additionalProperties !== false) out.push(`${path} open`);
  for (const [name, prop] of Object.entries(
    (schema.properties ?? {}) as Record<string, JsonSchema>,
  )) {
    out.push(...unclearObjects(prop, `${path}.${name}`));
  }
  if (schema.items) out.push(...unclearObjects(schema.items as JsonSchema, `${path}[]`));
  if (schema.allOf) out.push(`${path} allOf`);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = (schema[key] as JsonSchema[] | undefined) ?? [];
    const objects = options.filter((o) =>
      ([] as unknown[]).concat(o.type ?? []).includes('object'),
    );
    if (objects.length > 1) out.push(`${path} ${key} of objects`);
    for (const option of options) out.push(...unclearObjects(option, path));
  }
  return out;
}

describe('the OpenAPI description', () => {
  const ops = listOperations();

  it('has every operation of the contract, each with a unique operationId', () => {
    // 113, plus the CTFtime feed (issue 17, a Vexil addition).
    expect(ops).toHaveLength(114);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(114);
  });

  it('is OpenAPI 3.1 and names the session cookie', () => {
    const doc = loadDocument() as unknown as {
      openapi: string;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.session).toMatchObject({
      in: 'cookie',
      name: 'vexil_session',
    });
  });

  for (const op of ops) {
    describe(`${op.operationId}`, () => {
      const raw = (loadDocument().paths[op.path] as Record<string, Record<string, unknown>>)[
        op.method.toLowerCase()
      ];
      const codes = Object.keys(op.responses);

      it('has a tag, a summary, a role and a known rate limit', () => {
        expect(tags).toContain(op.tag);
        expect(raw.summary).toBeTruthy();
        expect(roles).toContain(raw['x-vexil-role']);
        if (op.rateLimit) expect(limits).toContain(op.rateLimit);
        if (op.role === 'Anonymous') expect(raw.security).toEqual([]);
      });

      it('declares every way it can fail', () => {
        expect(codes).toContain('429');
        if (op.role !== 'Anonymous') expect(codes).toEqual(expect.arrayContaining(['401', '403']));
        if (isUnsafeMethod(op.method)) expect(codes).toContain('403');
        if (op.parameters.length > 0 || op.requestBody) expect(codes).toContain('400');
        if (op.requestBody?.content['application/json']) expect(codes).toContain('415');
        if (op.requestBody?.content['multipart/form-data']) expect(codes).toContain('413');
      });

      it('gives every response body a schema', () => {
        for (const [code, response] of Object.entries(
          op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>,
        )) {
          for (const [type, media] of Object.entries(response.content ?? {})) {
            expect(media.schema, `${code} ${type}`).toBeDefined();
          }
        }
      });

      it('limits the length of every string it accepts', () => {
        const found = op.parameters.flatMap((p) => unboundedStrings(p.schema, `${p.in}.${p.name}`));
        for (const [type, schema] of Object.entries(op.requestBody?.content ?? {})) {
          found.push(...unboundedStrings(schema, type));
        }
        expect(found).toEqual([]);
      });

      if (op.requestBody?.content['application/json']) {
        it('lists the properties its JSON body reads, at every level (others are ignored)', () => {
          const schema = op.requestBody!.content['application/json'];
          expect(unclearObjects(schema, 'body')).toEqual([]);
        });
      }
    });
  }
});
