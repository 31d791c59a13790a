import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigRoutes } from './me/config-routes';
import { meRoutes } from './me/routes';

/** Every feature's routes, registered under /api. Add a module here when it has routes. */
export const apiModules: FastifyPluginAsyncZod[] = [publicConfigRoutes, meRoutes];
