import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeeDashboardSchema } from '../../../domain/schemas/dashboard';
import { actorOf } from '../../http/access';
import { getEmployeeDashboard } from './service';

/** The employee dashboard in one call (level 3). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/dashboard', {
    config: { access: { levels: [3] } },
    schema: { tags: ['me'], summary: 'Inicio del colaborador: saldos, recomendaciones, solicitudes y códigos', response: { 200: employeeDashboardSchema } },
    handler: async (request) => getEmployeeDashboard(app.deps.db, actorOf(request)),
  });
};
