import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyInputSchema, apiKeyListQuerySchema, apiKeyListSchema, apiKeySchema, createdApiKeySchema } from '#domain/schemas/api-keys';
import { idParamsSchema } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { confirmApiKey, createApiKey, listApiKeys, revokeApiKey } from './service';

const tags = ['integrations'];
// People only: no `apiScope`, so a key can neither see nor make keys (decision 220).
const access = { levels: [1, 2] } as const;

/**
 * The integrations screen's 'Claves de API': HR manages its company's keys; level 1 creates the
 * platform's and lists, revokes and confirms every company's too (decision 352).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api-keys', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED'] },
    schema: {
      tags,
      summary: 'Claves de API de mi empresa (nivel 2), o de todas las empresas y la plataforma (nivel 1, filtrables por empresa)',
      querystring: apiKeyListQuerySchema,
      response: { 200: apiKeyListSchema },
    },
    handler: async (request) => listApiKeys(app.deps.db, actorOf(request), request.query),
  });

  app.post('/api-keys', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', 'API_KEY_NAME_REQUIRED', 'API_KEY_SCOPES_REQUIRED', 'API_KEY_SCOPE_NOT_OFFERED', 'API_KEY_EXPIRY_PAST'] },
    schema: {
      tags,
      summary: 'Crear una clave de API (el secreto se muestra solo en esta respuesta)',
      body: apiKeyInputSchema,
      response: { 200: createdApiKeySchema },
    },
    handler: async (request) => createApiKey(app.deps.db, request.body, actorOf(request)),
  });

  app.post('/api-keys/:id/revoke', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', 'API_KEY_NOT_FOUND'] },
    schema: { tags, summary: 'Revocar una clave de API (su próxima petición se rechaza); el nivel 1, la de cualquier empresa', params: idParamsSchema, response: { 200: apiKeySchema } },
    handler: async (request) => revokeApiKey(app.deps.db, request.params.id, actorOf(request)),
  });

  app.post('/api-keys/:id/confirm', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', 'API_KEY_NOT_FOUND', 'API_KEY_CONFIRM_OWN', 'API_KEY_NOT_SUSPENDED'] },
    schema: {
      tags,
      summary: 'Confirmar una clave suspendida (su responsable perdió el acceso): quien confirma pasa a ser su responsable',
      params: idParamsSchema,
      response: { 200: apiKeySchema },
    },
    handler: async (request) => confirmApiKey(app.deps.db, request.params.id, actorOf(request)),
  });
};
