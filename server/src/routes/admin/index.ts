import type { Handlers } from '../../http/handlers.js';
import { adminConfigHandlers } from './config.js';
import { adminLogHandlers } from './logs.js';
import { adminUserHandlers } from './users.js';

export const adminHandlers: Handlers = {
  ...adminConfigHandlers,
  ...adminLogHandlers,
  ...adminUserHandlers,
};
