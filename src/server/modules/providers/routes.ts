import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerInputSchema, providerInviteSchema, providerListQuerySchema, providerSchema, providerUpdateSchema, userIdParamsSchema } from '#domain/schemas/admin';
import { paged, providerOptionSchema, statusBodySchema } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { sendInvitationMails } from '../invitations/index';
import { createProvider, listProviderOptions, listProviders, setProviderStatus, updateProvider } from './service';

const tags = ['providers'];
const access = { levels: [1] } as const;

/** Level 1: the providers screen (/level1/providers). Levels 1 and 2: the providers a benefit can be linked to. */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/providers/options', {
    config: { access: { levels: [1, 2] } },
    schema: { tags, summary: 'Proveedores (nivel 4) para vincular a un beneficio', response: { 200: z.array(providerOptionSchema) } },
    handler: async () => listProviderOptions(app.deps.db),
  });

  app.get('/providers', {
    config: { access },
    schema: { tags, summary: 'Proveedores', querystring: providerListQuerySchema, response: { 200: paged(providerSchema) } },
    handler: async (request) => listProviders(app.deps.db, request.query),
  });

  app.post('/providers', {
    config: { access },
    schema: { tags, summary: 'Crear un proveedor (su cuenta de nivel 4; la sesión de quien llama no cambia)', body: providerInputSchema(app.deps.config.providerDomain), response: { 200: providerSchema } },
    handler: async (request) => {
      const { invitation: _none, ...provider } = await createProvider(app.deps.db, request.body, actorOf(request));
      return provider;
    },
  });

  app.post('/providers/invite', {
    config: { access },
    schema: { tags, summary: 'Invitar a un proveedor por correo (elige su contraseña con un enlace de 7 días)', body: providerInviteSchema(app.deps.config.providerDomain), response: { 200: providerSchema } },
    handler: async (request) => {
      const { invitation, ...provider } = await createProvider(app.deps.db, { ...request.body, password: null }, actorOf(request));
      await sendInvitationMails(app.deps.db, app.deps.mail, app.deps.config, invitation ? [invitation] : [], request.log);
      return provider;
    },
  });

  app.patch('/providers/:id', {
    config: { access },
    schema: { tags, summary: 'Editar un proveedor (el correo no cambia)', params: userIdParamsSchema, body: providerUpdateSchema, response: { 200: providerSchema } },
    handler: async (request) => updateProvider(app.deps.db, { ...request.body, id: request.params.id }, actorOf(request)),
  });

  app.post('/providers/:id/status', {
    config: { access },
    schema: { tags, summary: 'Activar o desactivar un proveedor', params: userIdParamsSchema, body: statusBodySchema, response: { 200: providerSchema } },
    handler: async (request) => setProviderStatus(app.deps.db, { id: request.params.id, status: request.body.status }, actorOf(request)),
  });
};
