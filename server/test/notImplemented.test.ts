// Every operation of the spec has a handler. An operation added to openapi/ without one answers
// 501 (registerOperations' fallback) and fails this test until it is implemented.
import { describe, expect, it } from 'vitest';
import { handlers } from '#server/routes/index.js';
import { unimplementedOperations } from '#server/routes/registerOperations.js';
import { listOperations } from '#server/spec/document.js';

describe('operations', () => {
  it('are all implemented', () => {
    expect(listOperations().length).toBeGreaterThan(100);
    expect(unimplementedOperations(handlers)).toEqual([]);
  });
});
