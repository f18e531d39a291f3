// Valid sample values generated from the spec's schemas, so that tests can send a request whose
// only defect is the one under test.
import type { JsonSchema, OperationSpec } from '#server/spec/document.js';
import { JSON_TYPE, MULTIPART_TYPE } from '#server/spec/routeSchema.js';

const stringCandidates = [
  'Sample1a',
  'user@example.com',
  '+1 (555) 010-0000',
  'a'.repeat(64).replace(/a/g, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]),
  '0123456789abcdef',
  '0123456789ab',
  'x',
  '',
];

const formatSamples: Record<string, string> = {
  uuid: '0190a5c4-1234-7abc-8def-0123456789ab',
  email: 'user@example.com',
  'date-time': '2026-01-01T00:00:00Z',
  uri: 'https://example.com/file',
};

function sampleString(schema: JsonSchema): string {
  const format = schema.format as string | undefined;
  if (format && formatSamples[format]) return formatSamples[format];
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  const pattern = schema.pattern ? new RegExp(schema.pattern as string, 'u') : null;
  for (const candidate of stringCandidates) {
    const value =
      candidate.length < min ? candidate.padEnd(min, candidate.at(-1) ?? 'a') : candidate;
    if (value.length <= max && value.length >= min && (!pattern || pattern.test(value)))
      return value;
  }
  throw new Error(`No sample string for ${JSON.stringify(schema)}`);
}

const nonNullType = (schema: JsonSchema) =>
  ([] as unknown[]).concat(schema.type ?? []).find((t) => t !== 'null') as string | undefined;

export function sampleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null);
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options?.length) return sampleValue(options.find((o) => nonNullType(o)) ?? options[0]);
  }
  switch (nonNullType(schema)) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(props).map(([name, s]) => [name, sampleValue(s)]));
    }
    case 'array':
      return Array.from({ length: Math.max(1, (schema.minItems as number) ?? 1) }, () =>
        sampleValue((schema.items ?? {}) as JsonSchema),
      );
    case 'integer':
    case 'number': {
      const min =
        (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined);
      const max = schema.maximum as number | undefined;
      let value = min !== undefined ? Math.max(1, Math.ceil(min)) : 1;
      if (max !== undefined && value > max) value = max;
      return value;
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

/** A valid request for the operation: path, query and body filled from the spec. */
export interface SampleRequest {
  url: string;
  query: Record<string, string>;
  body?: unknown;
  contentType?: string;
}

export function samplePath(op: OperationSpec, overrides: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (overrides[name] !== undefined) return encodeURIComponent(overrides[name]);
    const param = op.parameters.find((p) => p.name === name && p.in === 'path');
    return encodeURIComponent(String(sampleValue(param?.schema ?? { type: 'string' })));
  });
}

export function sampleRequest(op: OperationSpec): SampleRequest {
  const query = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, String(sampleValue(p.schema))]),
  );
  const json = op.requestBody?.content[JSON_TYPE];
  if (json) return { url: samplePath(op), query, body: sampleValue(json), contentType: JSON_TYPE };
  if (op.requestBody?.content[MULTIPART_TYPE])
    return { url: samplePath(op), query, contentType: MULTIPART_TYPE };
  return { url: samplePath(op), query };
}
