import type { Handlers } from '../../http/handlers.js';
import { clientConfig } from '../../domain/siteSettings.js';
import { captchaHandlers } from './captcha.js';

export const infoHandlers: Handlers = {
  ...captchaHandlers,
  async infoGetClientConfig(request) {
    return clientConfig(await request.server.settings.get());
  },
};
