/**
 * What a personal API token may call (issue 26), decided from the spec alone so that nothing is
 * listed twice: each operation needs the scope its `x-vexil-token-scope` names, else none under
 * `/api/account/`, `Read` for GET and `Admin` for any other method (domain/apiTokens.ts). `None` marks the account-security
 * operations no token may call. Runs after the role check: a token never raises its user's role,
 * it only narrows what that role allows. Requests without a token pass untouched.
 */
import type { FastifyRequest } from 'fastify';
import { requiredTokenScope, scopeAllows } from '../domain/apiTokens.js';
import { forbidden } from '../http/errors.js';
import type { OperationSpec } from '../spec/document.js';

export const NOT_WITH_A_TOKEN =
  'This operation cannot be used with an API token: sign in to the site instead';

export const scopeTooLow = (scope: string, required: string) =>
  `This API token's scope (${scope}) does not allow this operation (it needs ${required})`;

export function tokenScopeGuard(op: Pick<OperationSpec, 'method' | 'path' | 'tokenScope'>) {
  const required = requiredTokenScope(op);
  return async function checkTokenScope(request: FastifyRequest): Promise<void> {
    const grant = request.apiToken;
    if (!grant) return;
    if (required === 'None') throw forbidden(NOT_WITH_A_TOKEN);
    if (!scopeAllows(grant.scope, required)) throw forbidden(scopeTooLow(grant.scope, required));
  };
}
