import type { Handlers } from '../../http/handlers.js';

/** Account operations (`/api/account/*`). */
export const accountHandlers: Handlers = {};
