import { rowsForUpdate } from '../../domain/settingsUpdate.js';
import type { Handlers } from '../../http/handlers.js';
import { logAdminAction } from './adminLog.js';
import { adminLogoHandlers } from './logo.js';

/** Site settings and logo (`/api/admin/config*`). */
export const adminConfigHandlers: Handlers = {
  ...adminLogoHandlers,

  async adminGetConfig(request) {
    const { settings } = request.server;
    // Read afresh here; nothing changed, so the other instances are not told.
    settings.forget();
    return settings.get();
  },

  async adminUpdateConfig(request) {
    await request.server.settings.save(rowsForUpdate(request.body));
    logAdminAction(request, 'Updated the site settings');
  },
};
