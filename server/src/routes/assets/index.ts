import type { Handlers } from '../../http/handlers.js';
import { assetDownloadHandlers } from './download.js';
import { assetManageHandlers } from './manage.js';

export const assetsHandlers: Handlers = {
  ...assetManageHandlers,
  ...assetDownloadHandlers,
};
