/**
 * `app.containerStarts`: the container start queue (services/containers/starts.ts). Its dispatcher
 * starts when the app is ready and stops when it closes, before the container service (registered
 * after it): the starts it runs then go back in line for another instance.
 */
import { ContainerStarts } from '../containers/starts.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    containerStarts: ContainerStarts;
  }
}

export const containerStartsPlugin = servicePlugin(
  'containerStarts',
  (app) => {
    const starts = new ContainerStarts({
      containers: app.containers,
      realtime: app.realtime,
      config: app.config.containers,
      instanceId: app.instanceId,
    });
    app.addHook('onReady', async () => starts.start());
    app.addHook('onClose', () => starts.stop());
    return starts;
  },
  ['config', 'containers', 'realtime', 'instanceId'],
);
