/**
 * Validation compiled from the spec. Three Ajv instances:
 * - request bodies: no type coercion; properties a schema does not list (where it says
 *   `additionalProperties: false`) are removed before the handler sees the body, as the reference
 *   ignores unknown properties and its web client sends whole GET objects back to updates;
 * - strict JSON: no coercion, nothing removed, unknown properties rejected (tests check answers
 *   against the spec with it);
 * - path, query and form values, which are always text: coerced to the declared types first.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { JsonSchema } from './document.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => void;

const int32 = (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;

function createAjv(coerce: boolean, removeAdditional: Options['removeAdditional']): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional,
  });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: int32 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  for (const name of ['float', 'double'])
    ajv.addFormat(name, { type: 'number', validate: () => true });
  for (const name of ['binary', 'byte', 'password']) ajv.addFormat(name, () => true);
  return ajv;
}

// `true` removes only what an `additionalProperties: false` schema does not list; maps (an
// `additionalProperties` schema) keep their keys. No request body has two object branches under
// `anyOf`/`oneOf` (where removal in a failed branch would lose data): a test walks the spec.
const requestBodyAjv = createAjv(false, true);
const strictAjv = createAjv(false, false);
const paramAjv = createAjv(true, false);

/** Validates a JSON request body, removing in place the properties its schema does not know. */
export function compileRequestBodyValidator(schema: JsonSchema): ValidateFunction {
  return requestBodyAjv.compile(schema);
}

/** Validates JSON strictly: unknown properties are an error, nothing is changed. */
export function compileBodyValidator(schema: JsonSchema): ValidateFunction {
  return strictAjv.compile(schema);
}

export function compileParamValidator(schema: JsonSchema): ValidateFunction {
  return paramAjv.compile(schema);
}
