/**
 * The services of the account flows: `app.accountTokens` (signed links), `app.accountMail` (the
 * mails that carry them) and `app.captcha` (whose Hash-PoW challenges live here, in memory).
 */
import { AccountMailService } from '../accountMail.js';
import { AccountTokenService } from '../accountTokens.js';
import { CaptchaService } from '../captcha.js';
import { Mailer } from '../mailer.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    accountTokens: AccountTokenService;
    accountMail: AccountMailService;
    captcha: CaptchaService;
  }
}

export const accountTokensPlugin = servicePlugin(
  'accountTokens',
  (app) => new AccountTokenService(app.db, app.config.secret),
  ['config', 'db'],
);

export const accountMailPlugin = servicePlugin(
  'accountMail',
  ({ config }) =>
    new AccountMailService(new Mailer(config.mail), config.publicUrl, config.allowedHosts),
  ['config'],
);

export const captchaPlugin = servicePlugin(
  'captcha',
  (app) => new CaptchaService(app.config.captcha),
  ['config'],
);
