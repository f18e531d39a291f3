import type { Handlers } from '../../http/handlers.js';

/** Site settings and logo (`/api/admin/config*`). */
export const adminConfigHandlers: Handlers = {};
