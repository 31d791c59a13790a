import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '../../../domain/schemas/admin';
import { getAdminDashboard } from './service';

/** Level 1: the dashboard (/level1/dashboard), in one call. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', {
    config: { access: { levels: [1] } },
    schema: { tags: ['dashboard'], summary: 'Dashboard de la plataforma', response: { 200: adminDashboardSchema } },
    handler: async () => getAdminDashboard(app.deps.db),
  });
};
