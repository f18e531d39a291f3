import type { Handlers } from '../../http/handlers.js';

/** Scoreboards and their sheet (/api/game/{id}/scoreboard*). */
export const scoreboardHandlers: Handlers = {};
