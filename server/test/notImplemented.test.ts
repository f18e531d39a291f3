// Lists the operations still answering 501 and holds that list to the one in
// notImplemented.list.ts, so it only changes on purpose (it shrinks with each issue).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../src/routes/index.js';
import { unimplementedOperations } from '../src/routes/registerOperations.js';
import { listOperations } from '../src/spec/document.js';
import { createTestApp, signIn, type Caller } from './support/app.js';
import { openTestDatabase, type TestDatabase } from './support/databases.js';
import { notImplemented } from './notImplemented.list.js';
import { sampleRequest } from './support/samples.js';
import { multipart } from './support/badInputs.js';

describe('operations not implemented yet', () => {
  it('are exactly the listed ones', () => {
    const missing = unimplementedOperations(handlers).sort();
    console.info(
      `${missing.length} of ${listOperations().length} operations answer 501:\n  ${missing.join('\n  ')}`,
    );
    expect(missing).toEqual([...notImplemented].sort());
  });

  it('lists no operation that is not in the spec', () => {
    const ids = new Set(listOperations().map((op) => op.operationId));
    expect(notImplemented.filter((id) => !ids.has(id))).toEqual([]);
  });

  describe('each answers 501 with a JSON body to a valid request', () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let admin: Caller;
    beforeAll(async () => {
      database = await openTestDatabase('sqlite');
      app = await createTestApp(database);
      admin = await signIn(app, 'Admin');
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    for (const op of listOperations().filter((o) => notImplemented.includes(o.operationId))) {
      it(op.operationId, async () => {
        const sample = sampleRequest(op);
        const form = sample.contentType === 'multipart/form-data' ? uploadFor(op) : undefined;
        const response = await admin({
          method: op.method,
          url: sample.url,
          query: sample.query,
          ...(form ?? {}),
          ...(sample.contentType === 'application/json'
            ? {
                payload: JSON.stringify(sample.body),
                headers: { 'content-type': 'application/json' },
              }
            : {}),
        });
        expect(response.statusCode, response.body).toBe(501);
        expect(response.json()).toEqual({
          title: `${op.operationId} is not implemented yet`,
          status: 501,
        });
      });
    }
  });
});

function uploadFor(op: ReturnType<typeof listOperations>[number]) {
  const schema = op.requestBody?.content['multipart/form-data'] ?? {};
  const files: Record<string, Buffer> = {};
  for (const name of Object.keys(schema.properties ?? {}))
    files[name] = Buffer.from('%PDF-1.4 sample');
  return multipart({}, files);
}
