/** Every implemented handler, keyed by operationId. Operations missing here answer 501. */
import type { Handlers } from '../http/handlers.js';
import { accountHandlers } from './account/index.js';
import { adminHandlers } from './admin/index.js';
import { assetsHandlers } from './assets/index.js';
import { infoHandlers } from './info/index.js';

export const handlers: Handlers = {
  ...accountHandlers,
  ...adminHandlers,
  ...assetsHandlers,
  ...infoHandlers,
};
