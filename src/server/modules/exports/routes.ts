import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/access';
import { sendCsv } from '../../http/csv';
import { adminRedemptionsByProviderCsv, streamAdminRequestsCsv, streamAdminTokenHistoryCsv, streamAdminUsersCsv } from './admin';
import { streamCompanyTokenHistoryCsv, streamCompanyUsersCsv } from './service';

const hr = { access: { levels: [2] } } as const;
const platform = { access: { levels: [1] } } as const;

/**
 * The CSV exports: level 2's (part 2 §2) of the company's users and company-token history; level 1's
 * (issue 23 §7) of every account, its requests, every token movement and the redemptions by provider
 * and month.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company/users/export', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Colaboradores en CSV' },
    handler: async (request, reply) => sendCsv(reply, 'usuarios.csv', streamCompanyUsersCsv(app.deps.db, actorOf(request))),
  });

  app.get('/company/tokens/history/export', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Historial de tokens de empresa en CSV' },
    handler: async (request, reply) => sendCsv(reply, 'historial-tokens.csv', streamCompanyTokenHistoryCsv(app.deps.db, actorOf(request))),
  });

  app.get('/admin/users/export', {
    config: platform,
    schema: { tags: ['admin'], summary: 'Todos los usuarios en CSV' },
    handler: async (_request, reply) => sendCsv(reply, 'usuarios.csv', streamAdminUsersCsv(app.deps.db)),
  });

  app.get('/admin/requests/export', {
    config: platform,
    schema: { tags: ['admin'], summary: 'Solicitudes de beneficios en CSV' },
    handler: async (_request, reply) => sendCsv(reply, 'solicitudes.csv', streamAdminRequestsCsv(app.deps.db)),
  });

  app.get('/admin/tokens/history/export', {
    config: platform,
    schema: { tags: ['admin'], summary: 'Movimientos de tokens en CSV' },
    handler: async (_request, reply) => sendCsv(reply, 'movimientos-tokens.csv', streamAdminTokenHistoryCsv(app.deps.db)),
  });

  app.get('/admin/redemptions/by-provider/export', {
    config: platform,
    schema: { tags: ['admin'], summary: 'Canjes por proveedor y mes en CSV' },
    handler: async (_request, reply) => sendCsv(reply, 'canjes-por-proveedor.csv', await adminRedemptionsByProviderCsv(app.deps.db)),
  });
};
