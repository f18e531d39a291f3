/**
 * The per-app services of the account flows (tokens, mail, captcha), built on first use from the
 * app's configuration and database. The captcha's Hash-PoW challenges live here, in memory.
 * (Kept beside the app rather than as decorations so that app.ts need not know about them.)
 */
import type { FastifyInstance } from 'fastify';
import { AccountMailService } from './accountMail.js';
import { AccountTokenService } from './accountTokens.js';
import { CaptchaService } from './captcha.js';
import { Mailer } from './mailer.js';

export interface AccountServices {
  tokens: AccountTokenService;
  mail: AccountMailService;
  captcha: CaptchaService;
}

const perApp = new WeakMap<FastifyInstance, AccountServices>();

export function accountServices(app: FastifyInstance): AccountServices {
  let services = perApp.get(app);
  if (!services) {
    services = {
      tokens: new AccountTokenService(app.db, app.config.secret),
      mail: new AccountMailService(
        new Mailer(app.config.mail),
        app.config.publicUrl,
        app.config.allowedHosts,
      ),
      captcha: new CaptchaService(app.config.captcha),
    };
    perApp.set(app, services);
  }
  return services;
}
