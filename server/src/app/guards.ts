/**
 * What every request passes before its handler, and how failures are answered: the spec's
 * validators, the error handler, the CSRF cookie and the caller's session.
 */
import fp from 'fastify-plugin';
import { installErrorHandler } from '../http/errorHandler.js';
import { authPlugin } from '../plugins/auth.js';
import { csrfPlugin } from '../plugins/csrf.js';
import { compileParamValidator, compileRequestBodyValidator } from '../spec/validators.js';

export const guards = fp(
  async (app) => {
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart === 'body'
        ? compileRequestBodyValidator(schema as Record<string, unknown>)
        : compileParamValidator(schema as Record<string, unknown>),
    );
    installErrorHandler(app);
    await app.register(csrfPlugin);
    await app.register(authPlugin, { lookup: app.sessions.lookup, tokens: app.apiTokens });
  },
  { name: 'vexil-guards', dependencies: ['vexil-services'] },
);
