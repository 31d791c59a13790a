import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema } from '#domain/schemas/admin';
import { employeeDashboardSchema } from '#domain/schemas/dashboard';
import { benefitsOverviewSchema, companyTokenStatsSchema, hrDashboardSchema } from '#domain/schemas/hr';
import { actorOf } from '../../http/access';
import { getAdminDashboard } from './admin';
import { getEmployeeDashboard } from './employee';
import { getBenefitsOverview, getCompanyTokenStats, getHrDashboard } from './hr';

const hr = { access: { levels: [2] } } as const;

/** Every dashboard in one call each: the employee's (level 3), HR's figures (level 2), the platform's (level 1). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me/dashboard', {
    config: { access: { levels: [3] } },
    schema: { tags: ['me'], summary: 'Inicio del colaborador: saldos, recomendaciones, solicitudes y códigos', response: { 200: employeeDashboardSchema } },
    handler: async (request) => getEmployeeDashboard(app.deps.db, actorOf(request)),
  });

  app.get('/company/dashboard', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Dashboard de RR.HH.', response: { 200: hrDashboardSchema } },
    handler: async (request) => getHrDashboard(app.deps.db, actorOf(request)),
  });

  app.get('/company/benefits/overview', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Tokens, uso de beneficios y enlaces de productos', response: { 200: benefitsOverviewSchema } },
    handler: async (request) => getBenefitsOverview(app.deps.db, actorOf(request)),
  });

  app.get('/company/tokens/stats', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Cifras de tokens de empresa', response: { 200: companyTokenStatsSchema } },
    handler: async (request) => getCompanyTokenStats(app.deps.db, actorOf(request)),
  });

  app.get('/admin/dashboard', {
    config: { access: { levels: [1] } },
    schema: { tags: ['dashboard'], summary: 'Dashboard de la plataforma', response: { 200: adminDashboardSchema } },
    handler: async () => getAdminDashboard(app.deps.db),
  });
};
