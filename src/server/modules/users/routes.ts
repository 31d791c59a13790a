import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserListQuerySchema, adminUserSchema, userIdParamsSchema, userLevelChangesSchema, userLevelInputSchema, userSummarySchema } from '../../../domain/schemas/admin';
import {
  addCompanyUserInputSchema,
  addedCompanyUserSchema,
  companyUserListQuerySchema,
  companyUserListSchema,
  companyUserSchema,
  userStatusBodySchema,
  userTypeBodySchema,
} from '../../../domain/schemas/hr';
import { paged } from '../../../domain/schemas/economy';
import { actorOf } from '../../http/access';
import { z } from 'zod';
import { deleteUserWithoutHistory, getUserSummary, listAdminUsers, listUserLevelChanges, setUserLevel } from './levels';
import { addCompanyUser, listCompanyUsers, setCompanyUserStatus, setCompanyUserType } from './hr-users';

const access = { levels: [1] } as const;
const tags = ['users'];
const hr = { access: { levels: [2] } } as const;

/**
 * Users: level 1's diagnostics (/level1/users/list) and level assignment (/level1/users/assign-levels),
 * and HR's (level 2) employees of its company.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/users', {
    config: { access, apiScope: 'users:read' },
    schema: { tags, summary: 'Usuarios de la plataforma', querystring: adminUserListQuerySchema, response: { 200: paged(adminUserSchema) } },
    handler: async (request) => listAdminUsers(app.deps.db, request.query),
  });

  app.get('/admin/users/summary', {
    config: { access },
    schema: { tags, summary: 'Usuarios por nivel y recomendaciones', response: { 200: userSummarySchema } },
    handler: async () => getUserSummary(app.deps.db),
  });

  app.put('/admin/users/:id/level', {
    config: { access },
    schema: { tags, summary: 'Asignar el nivel de un usuario (1–4 o ninguno)', params: userIdParamsSchema, body: userLevelInputSchema, response: { 200: adminUserSchema } },
    handler: async (request) => setUserLevel(app.deps.db, { id: request.params.id, level: request.body.level }, actorOf(request)),
  });

  app.get('/admin/users/:id/level-changes', {
    config: { access },
    schema: { tags, summary: 'Últimos cambios de nivel de un usuario (quién, cuándo, de → a)', params: userIdParamsSchema, response: { 200: userLevelChangesSchema } },
    handler: async (request) => listUserLevelChanges(app.deps.db, request.params.id),
  });

  app.delete('/admin/users/:id', {
    config: { access },
    schema: { tags, summary: 'Eliminar una cuenta creada por error (solo sin historial de tokens, solicitudes ni códigos)', params: userIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async (request) => {
      await deleteUserWithoutHistory(app.deps.db, request.params.id, actorOf(request));
      return { ok: true as const };
    },
  });

  app.get('/company/users', {
    config: { ...hr, apiScope: 'users:read' },
    schema: { tags: ['hr'], summary: 'Colaboradores de la empresa', querystring: companyUserListQuerySchema, response: { 200: companyUserListSchema } },
    handler: async (request) => listCompanyUsers(app.deps.db, request.query, actorOf(request)),
  });

  app.post('/company/users', {
    config: { ...hr, apiScope: 'users:write' },
    schema: { tags: ['hr'], summary: 'Agregar un colaborador (nivel 3, tipo A)', body: addCompanyUserInputSchema, response: { 200: addedCompanyUserSchema } },
    handler: async (request) => {
      const { emailVerified, ...user } = await addCompanyUser(app.deps.db, request.body, actorOf(request), app.deps.config);
      // The same verification mail as a sign-up's: the link proves the address is the person's.
      if (!emailVerified) await app.deps.auth.api.sendVerificationEmail({ body: { email: user.email } });
      return { ...user, verificationMailSent: !emailVerified };
    },
  });

  app.post('/company/users/:id/status', {
    config: { ...hr, apiScope: 'users:write' },
    schema: { tags: ['hr'], summary: 'Activar o desactivar un colaborador', params: userIdParamsSchema, body: userStatusBodySchema, response: { 200: companyUserSchema } },
    handler: async (request) => setCompanyUserStatus(app.deps.db, { id: request.params.id, status: request.body.status }, actorOf(request)),
  });

  app.post('/company/users/:id/type', {
    config: { ...hr, apiScope: 'users:write' },
    schema: { tags: ['hr'], summary: 'Cambiar el tipo (A o B) de un colaborador', params: userIdParamsSchema, body: userTypeBodySchema, response: { 200: companyUserSchema } },
    handler: async (request) => setCompanyUserType(app.deps.db, { id: request.params.id, userType: request.body.userType }, actorOf(request)),
  });
};
