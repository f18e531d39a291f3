// The bad-input walk changes one thing in a valid sample; this proves the samples are valid, so a
// 400 there is caused by the defect under test.
import { describe, expect, it } from 'vitest';
import { listOperations } from '#server/spec/document.js';
import { routeSchema } from '#server/spec/routeSchema.js';
import { compileBodyValidator, compileParamValidator } from '#server/spec/validators.js';
import { sampleRequest } from '../support/samples.js';

describe('sample requests generated from the spec', () => {
  for (const op of listOperations()) {
    it(`${op.operationId} sample is valid`, () => {
      const schema = routeSchema(op);
      const sample = sampleRequest(op);
      const specSegments = op.path.split('/');
      const urlSegments = sample.url.split('/');
      const pathValues: Record<string, string> = {};
      specSegments.forEach((segment, i) => {
        const match = /^\{(.+)\}$/.exec(segment);
        if (match) pathValues[match[1]] = decodeURIComponent(urlSegments[i]);
      });
      if (schema.params) {
        const validate = compileParamValidator(schema.params as Record<string, unknown>);
        expect(validate(pathValues), JSON.stringify(validate.errors)).toBe(true);
      }
      if (schema.querystring) {
        const validate = compileParamValidator(schema.querystring as Record<string, unknown>);
        expect(validate({ ...sample.query }), JSON.stringify(validate.errors)).toBe(true);
      }
      if (schema.body) {
        const validate = compileBodyValidator(schema.body as Record<string, unknown>);
        expect(validate(structuredClone(sample.body)), JSON.stringify(validate.errors)).toBe(true);
      }
    });
  }
});
