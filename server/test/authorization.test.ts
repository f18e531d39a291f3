// Walks every operation of the spec as anonymous and as each role: below the operation's
// `x-vexil-role` the answer is 401 (signed out) or 403 (role too low); at or above it, the role
// check lets the request through. Unsafe methods also refuse a request without the XSRF header.
import { expect, it } from 'vitest';
import { ACCESS_DENIED, roleRank, SIGN_IN_REQUIRED } from '#server/plugins/roles.js';
import { isUnsafeMethod } from '#server/plugins/csrf.js';
import { listOperations, type OperationSpec } from '#server/spec/document.js';
import { caller, signIn, type Caller } from './support/app.js';
import { describeEachDatabase } from './support/databases.js';
import { useTestApp } from './support/harness.js';
import { sampleRequest } from './support/samples.js';

const callerRoles = ['Anonymous', 'Banned', 'User', 'Monitor', 'Admin'] as const;
type CallerRole = (typeof callerRoles)[number];

function send(call: Caller, op: OperationSpec, options: { xsrf?: boolean } = {}) {
  const sample = sampleRequest(op);
  const json = sample.contentType === 'application/json';
  const headers: Record<string, string> = json ? { 'content-type': 'application/json' } : {};
  if (options.xsrf === false) headers['x-xsrf-token'] = '';
  return call({
    method: op.method,
    url: sample.url,
    query: sample.query,
    payload: json ? JSON.stringify(sample.body) : undefined,
    headers,
    cookies: options.xsrf === false ? { 'XSRF-TOKEN': '' } : undefined,
  });
}

function expected(role: CallerRole, op: OperationSpec): 'allowed' | 401 | 403 {
  if (op.role === 'Anonymous') return 'allowed';
  if (role === 'Anonymous') return 401;
  return roleRank[role] >= roleRank[op.role] ? 'allowed' : 403;
}

describeEachDatabase('role checks on every operation', (getDb) => {
  const server = useTestApp(getDb);

  // A fresh caller per request: an allowed call (e.g. logout) must not affect the next one.
  const callerFor = (role: CallerRole) =>
    role === 'Anonymous' ? caller(server.app) : signIn(server.app, role);

  for (const op of listOperations()) {
    it(`${op.method} ${op.path} requires ${op.role}`, async () => {
      for (const role of callerRoles) {
        const response = await send(await callerFor(role), op);
        const outcome = expected(role, op);
        const body = String(response.headers['content-type']).includes('json')
          ? response.json()
          : {};
        if (outcome === 'allowed') {
          const denied =
            (response.statusCode === 401 && body.title === SIGN_IN_REQUIRED) ||
            (response.statusCode === 403 && body.title === ACCESS_DENIED);
          expect(denied, `${role} should pass the role check, got ${response.statusCode}`).toBe(
            false,
          );
        } else {
          expect(response.statusCode, `${role} on ${op.operationId}`).toBe(outcome);
          expect(body).toEqual({
            title: outcome === 401 ? SIGN_IN_REQUIRED : ACCESS_DENIED,
            status: outcome,
          });
        }
      }
    });

    if (isUnsafeMethod(op.method)) {
      it(`${op.method} ${op.path} refuses a request without the XSRF token`, async () => {
        const response = await send(await callerFor('Admin'), op, { xsrf: false });
        expect(response.statusCode).toBe(403);
        expect(response.json().title).toMatch(/XSRF/);
      });
    }
  }
});
