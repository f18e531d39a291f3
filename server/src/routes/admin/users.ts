import type { Handlers } from '../../http/handlers.js';

/** Admin user management (`/api/admin/users*`). */
export const adminUserHandlers: Handlers = {};
