import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCompanyUserInputSchema,
  addedCompanyUserSchema,
  benefitsOverviewSchema,
  companyTokenStatsSchema,
  companyUserListQuerySchema,
  companyUserListSchema,
  companyUserSchema,
  hrDashboardSchema,
  userIdParamsSchema,
  userStatusBodySchema,
  userTypeBodySchema,
} from '../../../domain/schemas/hr';
import { actorOf } from '../../http/access';
import { streamCompanyTokenHistoryCsv, streamCompanyUsersCsv } from './exports';
import { getBenefitsOverview, getCompanyTokenStats, getHrDashboard } from './figures';
import { addCompanyUser, listCompanyUsers, setCompanyUserStatus, setCompanyUserType } from './users';

const config = { access: { levels: [2] } } as const;
const tags = ['hr'];
const CSV = 'text/csv; charset=utf-8';

/** Level 2 (part 2 §2): the HR dashboard, benefit and token figures, users, and the CSV exports. */
export const hrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company/dashboard', {
    config,
    schema: { tags, summary: 'Dashboard de RR.HH.', response: { 200: hrDashboardSchema } },
    handler: async (request) => getHrDashboard(app.deps.db, actorOf(request)),
  });

  app.get('/company/benefits/overview', {
    config,
    schema: { tags, summary: 'Tokens, uso de beneficios y enlaces de productos', response: { 200: benefitsOverviewSchema } },
    handler: async (request) => getBenefitsOverview(app.deps.db, actorOf(request)),
  });

  app.get('/company/tokens/stats', {
    config,
    schema: { tags, summary: 'Cifras de tokens de empresa', response: { 200: companyTokenStatsSchema } },
    handler: async (request) => getCompanyTokenStats(app.deps.db, actorOf(request)),
  });

  app.get('/company/users', {
    config,
    schema: { tags, summary: 'Colaboradores de la empresa', querystring: companyUserListQuerySchema, response: { 200: companyUserListSchema } },
    handler: async (request) => listCompanyUsers(app.deps.db, request.query, actorOf(request)),
  });

  app.post('/company/users', {
    config,
    schema: { tags, summary: 'Agregar un colaborador (nivel 3, tipo A)', body: addCompanyUserInputSchema, response: { 200: addedCompanyUserSchema } },
    handler: async (request) => {
      const { emailVerified, ...user } = await addCompanyUser(app.deps.db, request.body, actorOf(request), app.deps.config);
      // The same verification mail as a sign-up's: the link proves the address is the person's.
      if (!emailVerified) await app.deps.auth.api.sendVerificationEmail({ body: { email: user.email } });
      return { ...user, verificationMailSent: !emailVerified };
    },
  });

  app.post('/company/users/:id/status', {
    config,
    schema: { tags, summary: 'Activar o desactivar un colaborador', params: userIdParamsSchema, body: userStatusBodySchema, response: { 200: companyUserSchema } },
    handler: async (request) => setCompanyUserStatus(app.deps.db, { id: request.params.id, status: request.body.status }, actorOf(request)),
  });

  app.post('/company/users/:id/type', {
    config,
    schema: { tags, summary: 'Cambiar el tipo (A o B) de un colaborador', params: userIdParamsSchema, body: userTypeBodySchema, response: { 200: companyUserSchema } },
    handler: async (request) => setCompanyUserType(app.deps.db, { id: request.params.id, userType: request.body.userType }, actorOf(request)),
  });

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
