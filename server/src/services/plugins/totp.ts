/** `app.totp`: authenticator apps of accounts (two-step sign-in), secrets sealed with a key
 *  derived from the server secret. */
import { SecretBox } from '../secondStep/secretBox.js';
import { TotpService } from '../secondStep/totpService.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    totp: TotpService;
  }
}

export const totpPlugin = servicePlugin(
  'totp',
  (app) => new TotpService(app.db, new SecretBox(app.db, app.config.secret)),
  ['config', 'db'],
);
