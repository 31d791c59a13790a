import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What the screens need to know: whether an address must be confirmed before signing in, and the
 * provider domain the providers form checks (spec part 1 §5, 'El email debe terminar con @{host}…').
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', {
    config: { access: 'public' },
    schema: {
      tags: ['config'],
      summary: 'Configuración pública de las pantallas de acceso',
      response: { 200: z.object({ emailVerification: z.enum(['required', 'optional']), providerDomain: z.string() }) },
    },
    handler: async () => ({ emailVerification: app.deps.config.emailVerification, providerDomain: app.deps.config.providerDomain }),
  });
};
