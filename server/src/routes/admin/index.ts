import type { Handlers } from '../../http/handlers.js';
import { adminApiTokenHandlers } from './apiTokens.js';
import { adminConfigHandlers } from './config.js';
import { adminLogHandlers } from './logs.js';
import { adminUserHandlers } from './users.js';
import { adminTeamHandlers } from './teams.js';
import { adminFileHandlers } from './files.js';
import { adminInstanceHandlers } from './instances.js';
import { adminParticipationHandlers } from './participation.js';
import { adminWriteupHandlers } from './writeups.js';
import { adminOverviewHandlers } from './overview.js';
import { adminWebhookDeliveryHandlers } from './webhookDeliveries.js';
import { adminWebhookHandlers } from './webhooks.js';
import { adminTwoStepHandlers } from './twoStep.js';
import { adminSsoHandlers } from './sso.js';

export const adminHandlers: Handlers = {
  ...adminOverviewHandlers,
  ...adminWriteupHandlers,
  ...adminParticipationHandlers,
  ...adminFileHandlers,
  ...adminInstanceHandlers,
  ...adminTeamHandlers,
  ...adminConfigHandlers,
  ...adminLogHandlers,
  ...adminUserHandlers,
  ...adminWebhookHandlers,
  ...adminWebhookDeliveryHandlers,
  ...adminApiTokenHandlers,
  ...adminTwoStepHandlers,
  ...adminSsoHandlers,
};
