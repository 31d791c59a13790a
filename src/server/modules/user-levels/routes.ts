import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserListQuerySchema, adminUserSchema, userIdParamsSchema, userLevelChangesSchema, userLevelInputSchema, userSummarySchema } from '../../../domain/schemas/admin';
import { paged } from '../../../domain/schemas/economy';
import { actorOf } from '../../http/access';
import { z } from 'zod';
import { deleteUserWithoutHistory, getUserSummary, listAdminUsers, listUserLevelChanges, setUserLevel } from './service';

const access = { levels: [1] } as const;
const tags = ['users'];

/** Level 1: user diagnostics (/level1/users/list) and level assignment (/level1/users/assign-levels). */
export const userLevelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/users', {
    config: { access },
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
};
