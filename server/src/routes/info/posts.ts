import type { Handlers } from '../../http/handlers.js';

/** Site posts (/api/posts*). */
export const postHandlers: Handlers = {};
