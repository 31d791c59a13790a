import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueSchema } from '../../../domain/schemas/economy';
import { actorOf } from '../../http/access';
import { getCatalogue } from './service';

/** The employee's benefit catalogue (level 3). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue', {
    config: { access: { levels: [3] } },
    schema: { tags: ['benefits'], summary: 'Beneficios que el colaborador puede canjear', response: { 200: catalogueSchema } },
    handler: async (request) => getCatalogue(app.deps.db, actorOf(request)),
  });
};
