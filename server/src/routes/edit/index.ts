import type { Handlers } from '../../http/handlers.js';

/** Game authoring (/api/edit/*). */
export const editHandlers: Handlers = {};
