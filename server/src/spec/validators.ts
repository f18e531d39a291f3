/**
 * Request validation compiled from the spec. Two Ajv instances: bodies are checked strictly (no
 * type coercion, unknown properties rejected by the schemas), while path and query values — which
 * are always text — are coerced to the declared types first.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { JsonSchema } from './document.js';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => void;

const int32 = (n: number) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: int32 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  for (const name of ['float', 'double'])
    ajv.addFormat(name, { type: 'number', validate: () => true });
  for (const name of ['binary', 'byte', 'password']) ajv.addFormat(name, () => true);
  return ajv;
}

const bodyAjv = createAjv(false);
const paramAjv = createAjv(true);

export function compileBodyValidator(schema: JsonSchema): ValidateFunction {
  return bodyAjv.compile(schema);
}

export function compileParamValidator(schema: JsonSchema): ValidateFunction {
  return paramAjv.compile(schema);
}
