import type { Handlers } from '../../http/handlers.js';

/** The admin file list (/api/admin/files). */
export const adminFileHandlers: Handlers = {};
