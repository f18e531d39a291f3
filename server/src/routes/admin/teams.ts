import type { Handlers } from '../../http/handlers.js';

/** Admin team management (/api/admin/teams*). */
export const adminTeamHandlers: Handlers = {};
