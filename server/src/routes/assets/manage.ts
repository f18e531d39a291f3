import type { Handlers } from '../../http/handlers.js';

/** Uploading and deleting files (/api/assets*). */
export const assetManageHandlers: Handlers = {};
