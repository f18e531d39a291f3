import type { Handlers } from '../../http/handlers.js';

/** Teams (/api/team*). */
export const teamHandlers: Handlers = {};
