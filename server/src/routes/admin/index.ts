import type { Handlers } from '../../http/handlers.js';
import { adminLogHandlers } from './logs.js';

export const adminHandlers: Handlers = {
  ...adminLogHandlers,
};
