import type { Handlers } from '../../http/handlers.js';
import { clientConfig } from '../../domain/siteSettings.js';
import { captchaHandlers } from './captcha.js';
import { postHandlers } from './posts.js';

export const infoHandlers: Handlers = {
  ...postHandlers,
  ...captchaHandlers,
  async infoGetClientConfig(request) {
    return clientConfig(await request.server.settings.get());
  },
};
