import type { FastifyRequest } from 'fastify';
import type { Role } from '../spec/document.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { TOKEN_REFUSED } from './auth.js';

export type UserRole = 'Banned' | 'User' | 'Monitor' | 'Admin';

/** Titles of the guard's answers (business-rule 403s use other titles). */
export const SIGN_IN_REQUIRED = 'Please sign in first';
export const ACCESS_DENIED = 'Access denied';

export const roleRank: Record<UserRole | Role, number> = {
  Anonymous: -1,
  Banned: 0,
  User: 1,
  Monitor: 2,
  Admin: 3,
};

export const hasRole = (userRole: UserRole, required: Role) =>
  roleRank[userRole] >= roleRank[required];

/** onRequest hook enforcing an operation's `x-vexil-role`: 401 when signed out, 403 when too low. */
export function roleGuard(required: Role) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (required === 'Anonymous') return;
    if (!request.user) throw unauthorized(request.tokenRefused ? TOKEN_REFUSED : SIGN_IN_REQUIRED);
    if (!hasRole(request.user.role, required)) {
      if (required === 'Admin') {
        request.log.warn(
          { userName: request.user.userName, ip: request.ip },
          `Access denied to ${request.url}`,
        );
      }
      throw forbidden(ACCESS_DENIED);
    }
  };
}
