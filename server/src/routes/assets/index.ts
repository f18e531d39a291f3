import type { Handlers } from '../../http/handlers.js';
import { assetDownloadHandlers } from './download.js';

export const assetsHandlers: Handlers = {
  ...assetDownloadHandlers,
};
