import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The email domains that set a role, for the register screen's hint (part 1 §5). */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', {
    config: { access: 'public' },
    schema: {
      tags: ['config'],
      summary: 'Dominios de correo que definen el rol',
      response: { 200: z.object({ staffDomain: z.string(), providerDomain: z.string() }) },
    },
    handler: async () => ({ staffDomain: app.deps.config.staffDomain, providerDomain: app.deps.config.providerDomain }),
  });
};
