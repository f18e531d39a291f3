import type { Handlers } from '../../http/handlers.js';

/** Captcha configuration and proof-of-work challenges (`/api/captcha*`). */
export const captchaHandlers: Handlers = {};
