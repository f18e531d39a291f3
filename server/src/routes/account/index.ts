import type { Handlers } from '../../http/handlers.js';
import { avatarHandlers } from './avatar.js';
import { emailHandlers } from './email.js';
import { loginHandlers } from './login.js';
import { profileHandlers } from './profile.js';
import { recoveryHandlers } from './recovery.js';
import { registerHandlers } from './register.js';
import { ssoFlowHandlers } from './ssoFlow.js';
import { ssoLinkHandlers } from './ssoLinks.js';

/** Account operations (`/api/account/*`). */
export const accountHandlers: Handlers = {
  ...avatarHandlers,
  ...emailHandlers,
  ...loginHandlers,
  ...profileHandlers,
  ...recoveryHandlers,
  ...registerHandlers,
  ...ssoFlowHandlers,
  ...ssoLinkHandlers,
};
