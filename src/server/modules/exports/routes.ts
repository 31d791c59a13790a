import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/access';
import { streamCompanyTokenHistoryCsv, streamCompanyUsersCsv } from './service';

const config = { access: { levels: [2] } } as const;
const tags = ['hr'];
const CSV = 'text/csv; charset=utf-8';

/** Level 2 (part 2 §2): the CSV exports of the company's users and company-token history. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company/users/export', {
    config,
    schema: { tags, summary: 'Colaboradores en CSV' },
    handler: async (request, reply) => {
      const stream = streamCompanyUsersCsv(app.deps.db, actorOf(request));
      return reply.type(CSV).header('content-disposition', 'attachment; filename="usuarios.csv"').send(stream);
    },
  });

  app.get('/company/tokens/history/export', {
    config,
    schema: { tags, summary: 'Historial de tokens de empresa en CSV' },
    handler: async (request, reply) => {
      const stream = streamCompanyTokenHistoryCsv(app.deps.db, actorOf(request));
      return reply.type(CSV).header('content-disposition', 'attachment; filename="historial-tokens.csv"').send(stream);
    },
  });
};
