// Every answer a test app gives on an operation of the spec is checked against what the spec
// declares for that operation and status: createTestApp installs this on every test app, so no test
// opts in. Routes outside the spec (health, metrics, docs, the web client, unknown paths) have no
// operation and are not checked.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { JsonSchema, OperationSpec } from '#server/spec/document.js';
import { compileBodyValidator } from '#server/spec/validators.js';

type Declared = { content?: Record<string, { schema?: JsonSchema }> };

const validators = new Map<string, ReturnType<typeof compileBodyValidator>>();

/** What is wrong with the answer, or undefined when it is what the spec declares. */
export function specMismatch(
  op: OperationSpec,
  response: LightMyRequestResponse,
): string | undefined {
  const status = String(response.statusCode);
  const where = `${op.operationId} (${op.method} ${op.path}) answered ${status}`;
  const declared = (op.responses as Record<string, Declared | undefined>)[status];
  if (!declared) return `${where}, a status the spec does not declare`;
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!isJson(type)) return undefined;
  const body = bodyText(response);
  if (body === '') return undefined;
  const media = declared.content?.['application/json'];
  if (!media) return `${where} with a JSON body the spec does not declare: ${body.slice(0, 300)}`;
  const key = `${op.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = compileBodyValidator(media.schema ?? {});
    validators.set(key, validate);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${where} with a body that is not JSON: ${body.slice(0, 300)}`;
  }
  if (validate(json)) return undefined;
  return `${where} with a body the spec does not allow: ${JSON.stringify(validate.errors)}\n${body.slice(0, 500)}`;
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

function bodyText(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  return response.body;
}

/**
 * Wraps `app.inject` so an answer that differs from the spec throws (failing the test that sent
 * the request). Call before `app.ready()`: the hook that remembers each answer's operation must
 * be added before the routes are finished.
 */
export function checkResponsesAgainstSpec(app: FastifyInstance): void {
  const operations = new WeakMap<object, OperationSpec>();
  app.addHook('onSend', async (request, reply, payload) => {
    const op = request.routeOptions.config.operation;
    if (op) operations.set(reply.raw, op);
    return payload;
  });
  const inject = app.inject.bind(app) as (options: unknown) => Promise<LightMyRequestResponse>;
  const checked = async (options: unknown) => {
    const response = await inject(options);
    const op = operations.get(response.raw.res);
    const mismatch = op && specMismatch(op, response);
    if (mismatch) throw new Error(`Response does not match the spec: ${mismatch}`);
    return response;
  };
  app.inject = checked as FastifyInstance['inject'];
}
