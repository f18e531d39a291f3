/** `app.loginThrottle`: failed sign-ins counted per account, shared like the rate-limit counters. */
import { createLoginThrottle, type LoginThrottle } from '../loginThrottle.js';
import { servicePlugin } from '../servicePlugin.js';
import { sharedCounters } from './deployment.js';

declare module 'fastify' {
  interface FastifyInstance {
    loginThrottle: LoginThrottle;
  }
}

export const loginThrottlePlugin = servicePlugin(
  'loginThrottle',
  (app) => createLoginThrottle(app, app.config.loginLimit, sharedCounters(app)),
  ['config', 'database'],
);
