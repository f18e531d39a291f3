/** `app.settings`: the site's settings, stored in the database over the deployment's defaults. */
import { deploymentDefaults, SettingsService } from '../settings.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsPlugin = servicePlugin(
  'settings',
  (app) => new SettingsService(app.db, deploymentDefaults(app.config.containers)),
  ['config', 'db'],
);
