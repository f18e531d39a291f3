// Every operation with a JSON body ignores the properties its schema does not know, as the
// reference does: two apps in the same state get the same requests, one with unknown properties
// added at every level, and answer alike; no unknown property reaches a handler; a known property
// of the wrong type is still refused with 400, unknown properties or not.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { createTeam } from '#server/db/repositories/teams.js';
import { createUser } from '#server/db/repositories/users.js';
import { listOperations, type JsonSchema, type OperationSpec } from '#server/spec/document.js';
import { JSON_TYPE } from '#server/spec/routeSchema.js';
import { caller, createTestApp, testConfig, type Caller } from './support/app.js';
import { wrongType } from './support/badInputs.js';
import { buildNewUser } from './support/builders.js';
import { createChallenge, createGame } from './support/competition.js';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from './support/databases.js';
import { sampleRequest } from './support/samples.js';
import { hasUnknownProperty, withUnknownProperties } from './support/unknownProperties.js';

interface Side {
  app: FastifyInstance;
  /** A caller signed in as the admin with a new session (a sample may end the one before). */
  admin(): Promise<Caller>;
  /** Bodies handlers received that still held an unknown property. */
  leaked: string[];
  /** How many bodies reached a handler. */
  handled: number;
}

/** An app whose ids 1 (game, challenge, team of the admin) exist, so samples reach real rows. */
async function side(database: TestDatabase): Promise<Side> {
  const state = { leaked: [] as string[], handled: 0 };
  // Without Redis: the two apps must not share a cache.
  const app = await createTestApp(database, testConfig({ REDIS_URL: '' }), (app) =>
    app.addHook('preHandler', async (request) => {
      if (request.body === undefined) return;
      state.handled += 1;
      if (hasUnknownProperty(request.body)) state.leaked.push(`${request.method} ${request.url}`);
    }),
  );
  const user = await createUser(app.db, buildNewUser({ role: 'Admin' }));
  const game = await createGame(app);
  await createChallenge(app, game.id);
  await createTeam(app.db, { name: 'Sample team', captainId: user.id });
  return {
    app,
    async admin() {
      const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
      return caller(app, token);
    },
    get leaked() {
      return state.leaked;
    },
    get handled() {
      return state.handled;
    },
  };
}

const jsonOperations = listOperations().filter((op) => op.requestBody?.content[JSON_TYPE]);
const bodySchema = (op: OperationSpec) => op.requestBody!.content[JSON_TYPE];

function request(op: OperationSpec, body: unknown): InjectOptions {
  const sample = sampleRequest(op);
  return {
    method: op.method,
    url: sample.url,
    query: sample.query,
    payload: JSON.stringify(body),
    headers: { 'content-type': JSON_TYPE },
  };
}

const summary = (response: { statusCode: number; body: string }) => {
  if (response.statusCode < 400) return { status: response.statusCode };
  return {
    status: response.statusCode,
    title: (JSON.parse(response.body) as { title: string }).title,
  };
};

describeEachDatabase('unknown JSON body properties on every operation', (getDb) => {
  let plain: Side;
  let extra: Side;
  let extraDatabase: TestDatabase;
  beforeAll(async () => {
    extraDatabase = await openTestDatabase(getDb().dialect);
    plain = await side(getDb());
    extra = await side(extraDatabase);
  });
  afterAll(async () => {
    await plain?.app.close();
    await extra?.app.close();
    await extraDatabase?.close();
  });

  it('covers every JSON body that has properties', () => {
    const without = jsonOperations.filter((op) => {
      const sample = sampleRequest(op).body;
      return (
        JSON.stringify(withUnknownProperties(bodySchema(op), sample)) === JSON.stringify(sample)
      );
    });
    // The only JSON body without properties is the invite code, a JSON string.
    expect(without.map((op) => op.operationId)).toEqual(['teamAccept']);
    for (const op of jsonOperations.filter((o) => !without.includes(o))) {
      expect(
        hasUnknownProperty(withUnknownProperties(bodySchema(op), sampleRequest(op).body)),
      ).toBe(true);
    }
  });

  for (const op of jsonOperations) {
    it(`${op.method} ${op.path}`, async () => {
      const [plainAdmin, extraAdmin] = [await plain.admin(), await extra.admin()];
      const schema = bodySchema(op);
      const sample = sampleRequest(op).body;
      const withUnknowns = withUnknownProperties(schema, sample);

      // A known property of the wrong type: 400 whatever else the body carries (refused before
      // any action, so only one app needs to see it).
      const object = (schema.type === 'array' ? schema.items : schema) as JsonSchema;
      const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
      for (const [name, propertySchema] of Object.entries(properties)) {
        const bad = (body: unknown) =>
          Array.isArray(body)
            ? [{ ...body[0], [name]: wrongType(propertySchema) }, ...body.slice(1)]
            : { ...(body as object), [name]: wrongType(propertySchema) };
        for (const body of [bad(sample), bad(withUnknowns)]) {
          const response = await extraAdmin(request(op, body));
          expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        }
      }

      const expected = summary(await plainAdmin(request(op, sample)));
      const answered = await extraAdmin(request(op, withUnknowns));
      expect(answered.body).not.toMatch(/additional propert/i);
      expect(summary(answered), answered.body).toEqual(expected);
      expect(extra.leaked).toEqual([]);
    });
  }

  it('lets every valid body through to its handler, none holding an unknown property', () => {
    expect(extra.handled).toBe(jsonOperations.length);
    expect(extra.leaked).toEqual([]);
  });
});
