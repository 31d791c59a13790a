import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyAdminInputSchema,
  companyAdminInviteSchema,
  companyAdminSchema,
  companyInputSchema,
  companyListQuerySchema,
  companySchema,
  companyStatusBodySchema,
  companyUpdateSchema,
} from '#domain/schemas/companies';
import { idParamsSchema, paged } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { sendInvitationMails } from '../invitations/index';
import { createCompany, createCompanyAdmin, listCompanies, setCompanyStatus, updateCompany } from './service';

const access = { levels: [1] } as const;
const tags = ['companies'];

/** Level 1: the companies screen (/level1/companies) and its 'Crear administrador'. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/companies', {
    config: { access },
    schema: { tags, summary: 'Empresas', querystring: companyListQuerySchema, response: { 200: paged(companySchema) } },
    handler: async (request) => listCompanies(app.deps.db, request.query),
  });

  app.post('/companies', {
    config: { access },
    schema: { tags, summary: 'Crear una empresa', body: companyInputSchema, response: { 200: companySchema } },
    handler: async (request) => createCompany(app.deps.db, request.body, actorOf(request), app.deps.config),
  });

  app.patch('/companies/:id', {
    config: { access },
    schema: { tags, summary: 'Editar una empresa (un campo no enviado conserva su valor)', params: idParamsSchema, body: companyUpdateSchema, response: { 200: companySchema } },
    handler: async (request) => updateCompany(app.deps.db, { ...request.body, id: request.params.id }, actorOf(request), app.deps.config),
  });

  app.post('/companies/:id/status', {
    config: { access },
    schema: { tags, summary: 'Activar o desactivar una empresa', params: idParamsSchema, body: companyStatusBodySchema, response: { 200: companySchema } },
    handler: async (request) => setCompanyStatus(app.deps.db, { id: request.params.id, status: request.body.status }, actorOf(request)),
  });

  app.post('/companies/:id/admins', {
    config: { access },
    schema: { tags, summary: 'Crear el administrador de RR.HH. de una empresa', params: idParamsSchema, body: companyAdminInputSchema, response: { 200: companyAdminSchema } },
    handler: async (request) => {
      const { invitation: _none, ...admin } = await createCompanyAdmin(app.deps.db, { ...request.body, companyId: request.params.id }, actorOf(request), app.deps.config);
      return admin;
    },
  });

  app.post('/companies/:id/admins/invite', {
    config: { access },
    schema: {
      tags,
      summary: 'Invitar por correo al administrador de RR.HH. de una empresa (elige su contraseña con un enlace de 7 días)',
      params: idParamsSchema,
      body: companyAdminInviteSchema,
      response: { 200: companyAdminSchema },
    },
    handler: async (request) => {
      const { invitation, ...admin } = await createCompanyAdmin(app.deps.db, { ...request.body, password: null, companyId: request.params.id }, actorOf(request), app.deps.config);
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, invitation ? [invitation] : [], request.log);
      return admin;
    },
  });
};
