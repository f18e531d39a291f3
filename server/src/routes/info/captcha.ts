import type { Handlers } from '../../http/handlers.js';
import { notFound } from '../../http/errors.js';

/** Captcha configuration and proof-of-work challenges (`/api/captcha*`). */
export const captchaHandlers: Handlers = {
  async infoGetCaptchaConfig(request) {
    const { accountPolicy } = await request.server.settings.get();
    return request.server.captcha.clientInfo(accountPolicy.useCaptcha);
  },

  /** Issued whenever the provider is Hash-PoW, whether or not the policy uses the captcha. */
  async infoGetPowChallenge(request) {
    const challenge = request.server.captcha.issuePowChallenge();
    if (!challenge) throw notFound('The captcha provider of this server is not HashPow');
    return challenge;
  },
};
