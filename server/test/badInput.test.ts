// Sends malformed JSON, wrong types, missing and over-long fields, out-of-range ids and
// numbers to every operation: each answers 4xx with a JSON `{title, status}`, never 5xx — the
// spec's validation runs before any handler, including the ones that are still 501.
import { expect, it } from 'vitest';
import { listOperations } from '#server/spec/document.js';
import { badRequestsFor } from './support/badInputs.js';
import { describeEachDatabase } from './support/databases.js';
import { useTestApp } from './support/harness.js';

describeEachDatabase('bad input to every operation', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  for (const op of listOperations()) {
    const cases = badRequestsFor(op);
    if (cases.length === 0) continue;
    it(`${op.method} ${op.path} (${cases.length} cases)`, async () => {
      for (const bad of cases) {
        const response = await admin({
          method: op.method,
          url: bad.url,
          query: bad.query,
          payload: bad.payload,
          headers: bad.headers,
        });
        const label = `${op.operationId}: ${bad.name} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.headers['content-type'], label).toMatch(/application\/json/);
        const body = response.json();
        expect(typeof body.title, label).toBe('string');
        expect(typeof body.status, label).toBe('number');
      }
    });
  }
});
