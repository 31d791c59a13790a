import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/access';
import { sendCsv } from '../../http/csv';
import { adminRedemptionsByProviderCsv, streamAdminRequestsCsv, streamAdminTokenHistoryCsv, streamAdminUsersCsv } from './admin';
import { streamCompanyTokenHistoryCsv, streamCompanyUsersCsv } from './service';

/** Who may download: HR (level 2) its company's files, level 1 the platform's; each documented under its own tag. */
const ACCESS_BY_TAG: Record<'hr' | 'admin', FastifyContextConfig> = { hr: { access: { levels: [2] } }, admin: { access: { levels: [1] } } };

/**
 * The CSV exports: level 2's (spec part 2 §2) of the company's users and company-token history; level 1's
 * (decision 272) of every account, its requests, every token movement and the redemptions by provider
 * and month.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One download: who may ask, how the API documentation names it, the file's name and its rows. */
  function csvDownload(url: string, tag: 'hr' | 'admin', summary: string, filename: string, csv: (request: FastifyRequest) => Readable | Promise<Readable>) {
    app.get(url, {
      config: ACCESS_BY_TAG[tag],
      schema: { tags: [tag], summary },
      handler: async (request, reply) => sendCsv(reply, filename, await csv(request)),
    });
  }

  csvDownload('/company/users/export', 'hr', 'Colaboradores en CSV', 'usuarios.csv', (request) => streamCompanyUsersCsv(app.deps.db, actorOf(request)));
  csvDownload('/company/tokens/history/export', 'hr', 'Historial de tokens de empresa en CSV', 'historial-tokens.csv', (request) =>
    streamCompanyTokenHistoryCsv(app.deps.db, actorOf(request)),
  );
  csvDownload('/admin/users/export', 'admin', 'Todos los usuarios en CSV', 'usuarios.csv', () => streamAdminUsersCsv(app.deps.db));
  csvDownload('/admin/requests/export', 'admin', 'Solicitudes de beneficios en CSV', 'solicitudes.csv', () => streamAdminRequestsCsv(app.deps.db));
  csvDownload('/admin/tokens/history/export', 'admin', 'Movimientos de tokens en CSV', 'movimientos-tokens.csv', () => streamAdminTokenHistoryCsv(app.deps.db));
  csvDownload('/admin/redemptions/by-provider/export', 'admin', 'Canjes por proveedor y mes en CSV', 'canjes-por-proveedor.csv', () =>
    adminRedemptionsByProviderCsv(app.deps.db),
  );
};
