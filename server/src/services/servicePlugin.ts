/**
 * The one way a service joins the app: a fastify-plugin plugin named after its decorator that
 * builds the service and decorates the app with it (`app.settings`, `app.scoreboards`…). The type
 * of the decorator is declared beside the plugin (`declare module 'fastify'`). The services a
 * plugin needs are its dependencies: registering it before them fails at start, not at first use.
 */
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

export type ServiceName = keyof FastifyInstance & string;

const pluginName = (service: string) => `vexil-${service}`;

export function servicePlugin<
  K extends ServiceName,
  Options extends FastifyPluginOptions = Record<never, never>,
>(
  name: K,
  build: (
    app: FastifyInstance,
    options: Options,
  ) => FastifyInstance[K] | Promise<FastifyInstance[K]>,
  needs: ServiceName[] = [],
) {
  return fp<Options>(
    async (app, options) => {
      app.decorate(name, (await build(app, options)) as never);
    },
    { name: pluginName(name), dependencies: needs.map(pluginName) },
  );
}
