/** Every implemented handler, keyed by operationId. Operations missing here answer 501. */
import type { Handlers, SocketHandlers } from '../http/handlers.js';
import { accountHandlers } from './account/index.js';
import { adminHandlers } from './admin/index.js';
import { assetsHandlers } from './assets/index.js';
import { infoHandlers } from './info/index.js';
import { teamHandlers } from './team/index.js';
import { editHandlers } from './edit/index.js';
import { gameHandlers } from './game/index.js';
import { proxyHandlers, proxySocketHandlers } from './proxy/index.js';

export const handlers: Handlers = {
  ...gameHandlers,
  ...editHandlers,
  ...teamHandlers,
  ...accountHandlers,
  ...adminHandlers,
  ...assetsHandlers,
  ...infoHandlers,
  ...proxyHandlers,
};

/** Operations that are also WebSocket endpoints. */
export const socketHandlers: SocketHandlers = {
  ...proxySocketHandlers,
};
