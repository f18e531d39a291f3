/**
 * `app.settings`: the site's settings, stored in the database over the deployment's defaults; the
 * cached copy is dropped on every instance when one saves a change (cluster/sharedSettings.ts).
 */
import { followSettingsChanges, sharedSettingsCache } from '../cluster/sharedSettings.js';
import { deploymentDefaults, SettingsService } from '../settings.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsPlugin = servicePlugin(
  'settings',
  (app) => {
    const settings = new SettingsService(
      app.db,
      deploymentDefaults(app.config.containers),
      sharedSettingsCache(() => app.clusterEvents),
    );
    const unfollow = followSettingsChanges(app.clusterEvents, settings);
    app.addHook('onClose', async () => unfollow());
    return settings;
  },
  ['config', 'db', 'clusterEvents'],
);
