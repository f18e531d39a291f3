// The check every test app runs on its answers (support/responseCheck.ts): an answer the spec does
// not declare fails the request that got it; answers outside the spec are not checked.
import { expect, it } from 'vitest';
import { listOperations } from '#server/spec/document.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';

const posts = listOperations().find((op) => op.operationId === 'infoGetPosts')!;

describeEachDatabase('answers checked against the spec', (getDb) => {
  const server = useTestApp(getDb, {
    // Test-only routes that claim to be infoGetPosts and answer what the spec does not allow.
    setup: (app) => {
      const config = { operation: posts };
      app.get('/test/posts/teapot', { config }, (_request, reply) => reply.code(418).send([]));
      app.get('/test/posts/object', { config }, () => ({ posts: [] }));
      app.get('/test/posts/extra', { config }, () => [{ id: 'x', unknown: true }]);
      app.get('/test/posts/fine', { config }, () => []);
      app.get('/test/outside', () => ({ anything: 'goes' }));
    },
  });

  it('passes an answer the spec declares', async () => {
    expect((await server.anonymous({ method: 'GET', url: '/api/posts' })).statusCode).toBe(200);
    expect((await server.anonymous({ method: 'GET', url: '/test/posts/fine' })).json()).toEqual([]);
  });

  it('fails an undeclared status', async () => {
    await expect(server.anonymous({ method: 'GET', url: '/test/posts/teapot' })).rejects.toThrow(
      /infoGetPosts \(GET \/api\/posts\) answered 418, a status the spec does not declare/,
    );
  });

  it('fails a body the schema does not allow, unknown properties included', async () => {
    for (const url of ['/test/posts/object', '/test/posts/extra']) {
      await expect(server.anonymous({ method: 'GET', url })).rejects.toThrow(
        /answered 200 with a body the spec does not allow/,
      );
    }
  });

  it('leaves routes outside the spec alone', async () => {
    const response = await server.anonymous({ method: 'GET', url: '/test/outside' });
    expect(response.json()).toEqual({ anything: 'goes' });
  });
});
