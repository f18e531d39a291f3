// What personal API tokens may call is read from the spec (issue 26): every `x-vexil-token-scope`
// is a known value, the account-security operations are closed to tokens, and the play operations
// a player's script needs are open to the Play scope.
import { describe, expect, it } from 'vitest';
import { requiredTokenScope, scopeAllows } from '#server/domain/apiTokens.js';
import { listOperations } from '#server/spec/document.js';

const ops = listOperations();
const byId = new Map(ops.map((op) => [op.operationId, op]));
const required = (id: string) => {
  const op = byId.get(id);
  if (!op) throw new Error(`No operation ${id}`);
  return requiredTokenScope(op);
};

describe('x-vexil-token-scope', () => {
  it('has known values only', () => {
    for (const op of ops) {
      if (op.tokenScope === undefined) continue;
      expect(['Read', 'Play', 'Admin', 'None'], op.operationId).toContain(op.tokenScope);
    }
  });

  it('closes the account-security operations to every token, those added later too', () => {
    for (const id of [
      'accountLogIn',
      'accountLogOut',
      'accountRegister',
      'accountRecovery',
      'accountPasswordReset',
      'accountVerify',
      'accountChangePassword',
      'accountChangeEmail',
      'accountMailChangeConfirm',
      'accountListTokens',
      'accountCreateToken',
      'accountRevokeToken',
      'adminListTokens',
      'adminRevokeToken',
      'adminResetPassword',
      'adminResetTwoStep',
      // sign-in steps, second steps, passkeys, single sign-on links: closed by their path
      'accountLogInSecondStep',
      'accountStartTotp',
      'accountDisableTotp',
      'accountRegenerateRecoveryCodes',
      'accountGetTwoStep',
      'accountAddPasskey',
      'accountDeletePasskey',
      'accountPasskeySignIn',
      'accountSsoStart',
      'accountSsoCallback',
      'accountSsoUnlink',
    ]) {
      expect(required(id), id).toBe('None');
      expect(scopeAllows('Admin', required(id)), id).toBe(false);
    }
  });

  it('opens what a player script does to Play, and no other change', () => {
    const play = ops.filter((op) => op.tokenScope === 'Play').map((op) => op.operationId);
    expect(play.sort()).toEqual([
      'gameCreateContainer',
      'gameDeleteContainer',
      'gameExtendContainerLifetime',
      'gameSubmitFlag',
    ]);
    for (const op of ops) {
      const need = requiredTokenScope(op);
      if (op.path.startsWith('/api/account/')) {
        // the account's own security is closed to tokens; only "who am I" is open to reading
        expect(need, op.operationId).toBe(op.operationId === 'accountGetProfile' ? 'Read' : 'None');
      } else if (op.method === 'GET')
        expect(scopeAllows('Read', need), op.operationId).toBe(need !== 'None');
      else if (!op.tokenScope) expect(need, op.operationId).toBe('Admin');
    }
  });
});
