// Adds properties a request schema does not know to a valid JSON body, at every level whose schema
// lists its properties (`additionalProperties: false`), the way a client that sends back whole GET
// objects does; and finds any that survived.
import type { JsonSchema } from '#server/spec/document.js';

/** Every added name that no schema knows starts with this, so a leak can be found anywhere. */
export const UNKNOWN_PREFIX = 'zzUnknown';

const types = (schema: JsonSchema) => ([] as unknown[]).concat(schema.type ?? []) as string[];

/** The schema itself or the first `anyOf`/`oneOf`/`allOf` branch that describes a `type`. */
function branchOfType(schema: JsonSchema, type: string): JsonSchema | undefined {
  if (types(schema).includes(type)) return schema;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of (schema[key] ?? []) as JsonSchema[]) {
      const found = branchOfType(branch, type);
      if (found) return found;
    }
  }
  return undefined;
}

/** Properties an object read from a GET carries besides those of the update, plus odd shapes. */
function unknownsFor(known: Record<string, unknown>): Record<string, unknown> {
  const lookalikes: Record<string, unknown> = {
    id: 424242,
    avatar: '/assets/0123/avatar',
    members: [{ id: '0190a5c4-1234-7abc-8def-0123456789ab', userName: 'someone', captain: true }],
    acceptedCount: 99,
  };
  return {
    ...Object.fromEntries(Object.entries(lookalikes).filter(([name]) => !(name in known))),
    [`${UNKNOWN_PREFIX}Number`]: 1.5,
    [`${UNKNOWN_PREFIX}Text`]: 'x'.repeat(70_000),
    [`${UNKNOWN_PREFIX}Object`]: { nested: [1, 'two', null, { deep: true }] },
    [`${UNKNOWN_PREFIX}Null`]: null,
  };
}

/** A copy of `value` (valid for `schema`) with unknown properties added to every closed object. */
export function withUnknownProperties(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = branchOfType(schema, 'array')?.items as JsonSchema | undefined;
    return items ? value.map((item) => withUnknownProperties(items, item)) : value;
  }
  if (!value || typeof value !== 'object') return value;
  const object = branchOfType(schema, 'object');
  if (!object) return value;
  const known = (object.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[name] = known[name] ? withUnknownProperties(known[name], item) : item;
  }
  return object.additionalProperties === false ? { ...out, ...unknownsFor(known) } : out;
}

/** Whether any object in `value`, at any depth, has a property added by `withUnknownProperties`. */
export function hasUnknownProperty(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasUnknownProperty);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([name, item]) => name.startsWith(UNKNOWN_PREFIX) || hasUnknownProperty(item),
  );
}
