import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/access';
import { streamCompanyTokenHistoryCsv, streamCompanyUsersCsv } from './service';

const config = { access: { levels: [2] } } as const;
const tags = ['hr'];
const CSV = 'text/csv; charset=utf-8';

/** A CSV the browser saves as `filename`, streamed as the service writes it. */
function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  return reply.type(CSV).header('content-disposition', `attachment; filename="${filename}"`).send(stream);
}

/** Level 2 (part 2 §2): the CSV exports of the company's users and company-token history. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company/users/export', {
    config,
    schema: { tags, summary: 'Colaboradores en CSV' },
    handler: async (request, reply) => sendCsv(reply, 'usuarios.csv', streamCompanyUsersCsv(app.deps.db, actorOf(request))),
  });

  app.get('/company/tokens/history/export', {
    config,
    schema: { tags, summary: 'Historial de tokens de empresa en CSV' },
    handler: async (request, reply) => sendCsv(reply, 'historial-tokens.csv', streamCompanyTokenHistoryCsv(app.deps.db, actorOf(request))),
  });
};
