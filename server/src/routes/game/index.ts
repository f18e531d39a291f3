import type { Handlers } from '../../http/handlers.js';
import { scoreboardHandlers } from './scoreboard.js';

/** Playing games (/api/game/*), except scoreboards. */
export const gameHandlers: Handlers = {};
