import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueQuerySchema, catalogueSchema } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { getCatalogue } from './service';

/** The employee's benefit catalogue (level 3). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/catalogue', {
    config: { access: { levels: [3] } },
    schema: {
      tags: ['benefits'],
      summary: 'Beneficios que el colaborador puede canjear (buscar, ordenar por costo, «Me alcanza»)',
      querystring: catalogueQuerySchema,
      response: { 200: catalogueSchema },
    },
    handler: async (request) => getCatalogue(app.deps.db, actorOf(request), request.query),
  });
};
