import type { Handlers } from '../../http/handlers.js';
import { teamAvatarHandlers } from './avatar.js';
import { teamGameHandlers } from './games.js';
import { teamMembershipHandlers } from './membership.js';
import { teamCrudHandlers } from './teams.js';
import { teamVerifyHandlers } from './verify.js';

/** Teams (/api/team*). */
export const teamHandlers: Handlers = {
  ...teamCrudHandlers,
  ...teamMembershipHandlers,
  ...teamAvatarHandlers,
  ...teamVerifyHandlers,
  ...teamGameHandlers,
};
