import type { Handlers } from '../../http/handlers.js';
import { apiTokenHandlers } from './apiTokens.js';
import { avatarHandlers } from './avatar.js';
import { emailHandlers } from './email.js';
import { loginHandlers } from './login.js';
import { passkeyHandlers } from './passkeys.js';
import { passkeySecondStepHandlers } from './passkeySecondStep.js';
import { passkeySignInHandlers } from './passkeySignIn.js';
import { profileHandlers } from './profile.js';
import { recoveryHandlers } from './recovery.js';
import { registerHandlers } from './register.js';
import { twoStepHandlers } from './twoStep.js';
import { ssoFlowHandlers } from './ssoFlow.js';
import { ssoLinkHandlers } from './ssoLinks.js';

/** Account operations (`/api/account/*`). */
export const accountHandlers: Handlers = {
  ...apiTokenHandlers,
  ...avatarHandlers,
  ...emailHandlers,
  ...loginHandlers,
  ...passkeyHandlers,
  ...passkeySignInHandlers,
  ...passkeySecondStepHandlers,
  ...profileHandlers,
  ...recoveryHandlers,
  ...registerHandlers,
  ...twoStepHandlers,
  ...ssoFlowHandlers,
  ...ssoLinkHandlers,
};
