import type { Handlers } from '../../http/handlers.js';
import { clientConfig } from '../../domain/siteSettings.js';

export const infoHandlers: Handlers = {
  async infoGetClientConfig(request) {
    return clientConfig(await request.server.settings.get());
  },
};
