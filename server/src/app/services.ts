/**
 * Every service, each by its own plugin (services/servicePlugin.ts), in the order they need each
 * other. The order also sets their hooks': started in this order when the app is ready, closed
 * in the reverse order.
 */
import fp from 'fastify-plugin';
import { rateLimitsPlugin } from '../plugins/rateLimits.js';
import {
  accountMailPlugin,
  accountTokensPlugin,
  captchaPlugin,
} from '../services/plugins/account.js';
import { clusterLockPlugin, instanceIdPlugin } from '../services/plugins/cluster.js';
import { clusterEventsPlugin } from '../services/plugins/clusterEvents.js';
import { containersPlugin } from '../services/plugins/containers.js';
import { containerStartsPlugin } from '../services/plugins/containerStarts.js';
import { filesPlugin } from '../services/plugins/files.js';
import { gameImportsPlugin } from '../services/plugins/gameImports.js';
import { flagCheckerPlugin } from '../services/plugins/flagChecker.js';
import { loginThrottlePlugin } from '../services/plugins/loginThrottle.js';
import { realtimePlugin } from '../services/plugins/realtime.js';
import { scoreboardsPlugin } from '../services/plugins/scoreboards.js';
import { sessionsPlugin } from '../services/plugins/sessions.js';
import { apiTokensPlugin } from '../services/plugins/apiTokens.js';
import { submissionBatchesPlugin } from '../services/plugins/submissionBatches.js';
import { totpPlugin } from '../services/plugins/totp.js';
import { settingsPlugin } from '../services/plugins/settings.js';
import { webhooksPlugin } from '../services/plugins/webhooks.js';
import { unlocksPlugin } from '../services/plugins/unlocks.js';
import { capturesPlugin, tcpProxyPlugin } from '../services/plugins/tcpProxy.js';
import type { AppDependencies } from '../services/plugins/appInputs.js';

export const services = fp<AppDependencies>(
  async (app, deps) => {
    await app.register(clusterEventsPlugin);
    await app.register(instanceIdPlugin);
    await app.register(clusterLockPlugin);
    await app.register(settingsPlugin);
    await app.register(filesPlugin);
    await app.register(gameImportsPlugin);
    await app.register(realtimePlugin);
    await app.register(scoreboardsPlugin);
    await app.register(containersPlugin);
    // After the containers: its dispatcher stops before the container service closes.
    await app.register(containerStartsPlugin);
    // After the containers: the checker starts after their janitor and stops before it.
    await app.register(flagCheckerPlugin);
    await app.register(submissionBatchesPlugin);
    await app.register(webhooksPlugin);
    await app.register(unlocksPlugin);
    await app.register(sessionsPlugin, { lookupSession: deps.lookupSession });
    await app.register(apiTokensPlugin);
    await app.register(capturesPlugin);
    await app.register(tcpProxyPlugin);
    await app.register(rateLimitsPlugin);
    await app.register(loginThrottlePlugin);
    await app.register(accountTokensPlugin);
    await app.register(accountMailPlugin);
    await app.register(captchaPlugin);
    await app.register(totpPlugin);
  },
  { name: 'vexil-services', dependencies: ['vexil-foundation', 'vexil-external-plugins'] },
);
