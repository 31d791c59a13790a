import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerOptionSchema } from '../../../domain/schemas/economy';
import { listProviderOptions } from './service';

/** Levels 1 and 2: the providers a platform or company benefit can be linked to. */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/providers/options', {
    config: { access: { levels: [1, 2] } },
    schema: { tags: ['providers'], summary: 'Proveedores (nivel 4) para vincular a un beneficio', response: { 200: z.array(providerOptionSchema) } },
    handler: async () => listProviderOptions(app.deps.db),
  });
};
