import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserListQuerySchema, adminUserSchema, userIdParamsSchema, userLevelChangesSchema, userLevelInputSchema, userSummarySchema } from '#domain/schemas/admin';
import {
  addCompanyUserInputSchema,
  addedCompanyUserSchema,
  companyUserListQuerySchema,
  companyUserListSchema,
  companyUserSchema,
  employeeImportInputSchema,
  employeeImportPreviewInputSchema,
  employeeImportPreviewSchema,
  employeeImportResultSchema,
  inviteCompanyUserInputSchema,
  userStatusBodySchema,
  userTypeBodySchema,
} from '#domain/schemas/hr';
import { paged } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/index';
import { companyOf } from '../../actor';
import { resendInvitation, revokeInvitation, sendInvitationMails } from '../invitations/index';
import { importEmployees, previewEmployeeImport } from './employee-import';
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

  // Level 1's invitations (HR admins, providers) from its users list.
  app.post('/admin/users/:id/invitation/resend', {
    config: { access, errors: ['INVITATION_NOT_FOUND', 'INVITATION_USER_DISABLED'] },
    schema: { tags, summary: 'Reenviar la invitación de un administrador de RR.HH. o proveedor (un enlace nuevo de 7 días)', params: userIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async (request) => {
      const mails = await resendInvitation(app.deps.db, request.params.id, { kind: 'platform' }, actorOf(request).id);
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, mails, request.log);
      return { ok: true as const };
    },
  });

  app.delete('/admin/users/:id/invitation', {
    config: { access },
    schema: { tags, summary: 'Revocar la invitación de un administrador de RR.HH. o proveedor (su cuenta sin contraseña se elimina; con historial, se desactiva)', params: userIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async (request) => {
      await revokeInvitation(app.deps.db, request.params.id, { kind: 'platform' }, actorOf(request).id);
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
      const { emailVerified, invitation: _none, ...user } = await addCompanyUser(app.deps.db, request.body, actorOf(request), app.deps.config);
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
  // ───── importing employees from a spreadsheet, and invitations ─────

  app.post('/company/users/invite', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Invitar a un colaborador por correo (elige su contraseña con un enlace de 7 días)', body: inviteCompanyUserInputSchema, response: { 200: companyUserSchema } },
    handler: async (request) => {
      const { emailVerified: _verified, invitation, ...user } = await addCompanyUser(app.deps.db, { ...request.body, password: null }, actorOf(request), app.deps.config);
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, invitation ? [invitation] : [], request.log);
      return user;
    },
  });

  app.post('/company/users/import/preview', {
    config: { ...hr, errors: ['RATE_LIMITED'] },
    // A whole file of up to 10,000 rows travels in one preview.
    bodyLimit: 8 * 1024 * 1024,
    schema: { tags: ['hr'], summary: 'Vista previa de una importación de colaboradores (no guarda nada)', body: employeeImportPreviewInputSchema, response: { 200: employeeImportPreviewSchema } },
    handler: async (request) => previewEmployeeImport(app.deps.db, request.body.rows, actorOf(request), app.deps.config),
  });

  app.post('/company/users/import', {
    config: { ...hr, errors: ['NO_COMPANY_ASSIGNED', 'IDEMPOTENCY_CONFLICT', 'COMPANY_USER_EMAIL_IN_USE'] },
    bodyLimit: 2 * 1024 * 1024,
    schema: { tags: ['hr'], summary: 'Importar colaboradores (un tramo de filas; acepta Idempotency-Key); cada uno recibe una invitación', body: employeeImportInputSchema, response: { 200: employeeImportResultSchema } },
    handler: async (request, reply) => {
      const { outcome, mails } = await importEmployees(app.deps.db, request.body.rows, actorOf(request), app.deps.config, idempotencyKeyOf(request));
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, mails, request.log);
      return sendOutcome(reply, outcome);
    },
  });

  app.post('/company/users/:id/invitation/resend', {
    config: { ...hr, errors: ['INVITATION_NOT_FOUND', 'INVITATION_USER_DISABLED'] },
    schema: { tags: ['hr'], summary: 'Reenviar la invitación de un colaborador (un enlace nuevo de 7 días)', params: userIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async (request) => {
      const actor = actorOf(request);
      const mails = await resendInvitation(app.deps.db, request.params.id, { kind: 'company', companyId: companyOf(actor) }, actor.id);
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, mails, request.log);
      return { ok: true as const };
    },
  });

  app.delete('/company/users/:id/invitation', {
    config: hr,
    schema: { tags: ['hr'], summary: 'Revocar la invitación de un colaborador (su cuenta sin contraseña se elimina; con historial, se desactiva)', params: userIdParamsSchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async (request) => {
      const actor = actorOf(request);
      await revokeInvitation(app.deps.db, request.params.id, { kind: 'company', companyId: companyOf(actor) }, actor.id);
      return { ok: true as const };
    },
  });
};
