// Requests with exactly one defect each (malformed JSON, wrong type, missing or over-long field,
// out-of-range id or number), built from a valid sample of the operation. Unknown fields are no
// defect: they are ignored (see unknownProperties.ts).
import type { JsonSchema, OperationSpec } from '#server/spec/document.js';
import { JSON_TYPE, MULTIPART_TYPE } from '#server/spec/routeSchema.js';
import { samplePath, sampleRequest, sampleValue } from './samples.js';

export interface BadRequest {
  name: string;
  url: string;
  query: Record<string, string>;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const types = (schema: JsonSchema) => ([] as unknown[]).concat(schema.type ?? []) as string[];

/** A value of a JSON type the schema does not allow. */
export function wrongType(schema: JsonSchema): unknown {
  const allowed = types(schema);
  if (schema.enum) return '__not_in_enum__';
  if (!allowed.includes('string')) return 'wrong-type';
  if (!allowed.includes('object')) return { wrong: 'type' };
  return 12345;
}

/** A string of allowed length that the schema's pattern rejects. */
function nonMatching(schema: JsonSchema): string | undefined {
  const pattern = new RegExp(schema.pattern as string, 'u');
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  const candidates = [' ', 'a/b', '\u0001', '@@@', 'ZZ', 'zz', '!!', '..', '', 'aaaaaa'];
  return candidates
    .map((c) => (c.length < min ? c.padEnd(min, c.at(-1) ?? ' ') : c))
    .find((c) => c.length <= max && !pattern.test(c));
}

/** Out-of-range and malformed values for a parameter or property, with a label each. */
function badValues(schema: JsonSchema): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  const t = types(schema);
  if (t.includes('integer') || t.includes('number')) {
    if (typeof schema.minimum === 'number') out.push(['below minimum', schema.minimum - 1]);
    if (typeof schema.maximum === 'number') out.push(['above maximum', schema.maximum + 1]);
    if (t.includes('integer')) out.push(['fraction', 1.5]);
    out.push(['not a number', 'abc']);
  }
  if (t.includes('string')) {
    if (typeof schema.maxLength === 'number' && schema.maxLength < 5_000_000) {
      out.push(['over-long', 'a'.repeat(schema.maxLength + 1)]);
    }
    if (schema.format === 'uuid') out.push(['not a guid', 'not-a-guid']);
    const mismatch = schema.pattern ? nonMatching(schema) : undefined;
    if (mismatch !== undefined) out.push(['not matching the pattern', mismatch]);
    if (schema.enum) out.push(['not in the enum', '__not_in_enum__']);
  }
  return out;
}

function* bodyDefects(
  schema: JsonSchema,
  value: unknown,
  path: string,
): Generator<[string, unknown]> {
  yield [`${path} wrong type`, wrongType(schema)];
  for (const [label, bad] of badValues(schema)) yield [`${path} ${label}`, bad];
  if (types(schema).includes('object') && value && typeof value === 'object') {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const obj = value as Record<string, unknown>;
    for (const name of (schema.required ?? []) as string[]) {
      const { [name]: _dropped, ...rest } = obj;
      yield [`${path}.${name} missing`, rest];
    }
    for (const [name, propSchema] of Object.entries(props)) {
      for (const [label, bad] of bodyDefects(propSchema, obj[name], `${path}.${name}`)) {
        yield [label, { ...obj, [name]: bad }];
      }
    }
  }
  if (types(schema).includes('array') && Array.isArray(value) && schema.items) {
    if (typeof schema.maxItems === 'number' && schema.maxItems <= 1000) {
      yield [`${path} too many items`, Array.from({ length: schema.maxItems + 1 }, () => value[0])];
    }
    for (const [label, bad] of bodyDefects(schema.items as JsonSchema, value[0], `${path}[0]`)) {
      yield [label, [bad, ...value.slice(1)]];
    }
  }
}

export function badRequestsFor(op: OperationSpec): BadRequest[] {
  const sample = sampleRequest(op);
  const cases: BadRequest[] = [];
  const base = (): Omit<BadRequest, 'name'> => ({
    url: sample.url,
    query: { ...sample.query },
    payload: sample.contentType === JSON_TYPE ? JSON.stringify(sample.body) : undefined,
    headers: sample.contentType === JSON_TYPE ? { 'content-type': JSON_TYPE } : {},
  });

  for (const param of op.parameters) {
    const bads = badValues(param.schema);
    for (const [label, bad] of bads) {
      if (param.in === 'path') {
        cases.push({
          ...base(),
          name: `path ${param.name} ${label}`,
          url: samplePath(op, { [param.name]: String(bad) }),
        });
      } else if (param.in === 'query') {
        cases.push({
          ...base(),
          name: `query ${param.name} ${label}`,
          query: { ...sample.query, [param.name]: String(bad) },
        });
      }
    }
    if (param.in === 'query' && param.required) {
      const { [param.name]: _dropped, ...rest } = sample.query;
      cases.push({ ...base(), name: `query ${param.name} missing`, query: rest });
    }
  }

  const json = op.requestBody?.content[JSON_TYPE];
  if (json) {
    cases.push({ ...base(), name: 'malformed JSON', payload: '{"broken": ' });
    cases.push({ ...base(), name: 'empty JSON body', payload: '' });
    cases.push({
      ...base(),
      name: 'wrong content type',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    if (op.requestBody?.required)
      cases.push({ ...base(), name: 'no body', payload: undefined, headers: {} });
    for (const [label, bad] of bodyDefects(json, sample.body, 'body')) {
      cases.push({ ...base(), name: label, payload: JSON.stringify(bad) });
    }
  }

  const form = op.requestBody?.content[MULTIPART_TYPE];
  if (form) {
    cases.push({
      ...base(),
      name: 'JSON instead of multipart',
      payload: '{}',
      headers: { 'content-type': JSON_TYPE },
    });
    cases.push({
      ...base(),
      name: 'multipart without the required parts',
      ...multipart({ note: 'x' }),
    });
    const props = (form.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props)) {
      const file = schema.type === 'array' ? (schema.items as JsonSchema) : schema;
      const max = file.maxLength as number | undefined;
      if (file.format === 'binary' && max !== undefined && max <= 25 * 1024 * 1024) {
        cases.push({
          ...base(),
          name: `file ${name} over ${max} bytes`,
          ...multipart({}, { [name]: Buffer.alloc(max + 1, 1) }),
        });
      }
    }
  }
  return cases;
}

const BOUNDARY = '----vexil-test-boundary';

export function multipart(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, data] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

export { sampleValue };
