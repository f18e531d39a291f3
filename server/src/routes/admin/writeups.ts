import type { Handlers } from '../../http/handlers.js';

/** Writeups for admins (/api/admin/writeups*). */
export const adminWriteupHandlers: Handlers = {};
