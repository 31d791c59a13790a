import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What the public screens need to know: whether an address must be confirmed before signing in. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', {
    config: { access: 'public' },
    schema: {
      tags: ['config'],
      summary: 'Configuración pública de las pantallas de acceso',
      response: { 200: z.object({ emailVerification: z.enum(['required', 'optional']) }) },
    },
    handler: async () => ({ emailVerification: app.deps.config.emailVerification }),
  });
};
