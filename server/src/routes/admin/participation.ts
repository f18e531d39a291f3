import type { Handlers } from '../../http/handlers.js';

/** Participation review (/api/admin/participation/{id}). */
export const adminParticipationHandlers: Handlers = {};
