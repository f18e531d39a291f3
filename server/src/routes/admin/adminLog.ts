import type { FastifyRequest } from 'fastify';

/** Writes an administrator's action to the admin log (user, address, outcome). */
export function logAdminAction(
  request: FastifyRequest,
  message: string,
  taskStatus: 'Success' | 'Failed' = 'Success',
): void {
  request.log.info({ userName: request.user?.userName, ip: request.ip, taskStatus }, message);
}
