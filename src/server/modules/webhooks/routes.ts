import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#domain/schemas/zod';
import { idParamsSchema, paged } from '#domain/schemas/fields';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookStatusBodySchema,
} from '#domain/schemas/webhooks';
import { actorOf } from '../../http/access';
import {
  createEndpoint,
  getEndpointSecret,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointStatus,
  updateEndpoint,
} from './service';
import { webhookSecretKey } from './secret-box';
import { webhookAddressPolicy } from './addresses';

const tags = ['webhooks'];
/** HR for its company's endpoints, level 1 for the platform's. */
const access = { levels: [1, 2] } as const;
const NOT_FOUND = 'WEBHOOK_ENDPOINT_NOT_FOUND' as const;
/** A route on one endpoint of the caller's: its company's (or the platform's), else 404. */
const onEndpoint = { access, errors: ['NO_COMPANY_ASSIGNED', NOT_FOUND] } as const;

/** The 'Webhooks' section of /level1/integrations and /level2/integrations. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = webhookAddressPolicy(app.deps.config);
  const secretKey = webhookSecretKey(app.deps.config.authSecret);

  app.get('/webhooks/endpoints', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED'] },
    schema: { tags, summary: 'Mis endpoints de webhooks (los de mi empresa, o los de la plataforma en el nivel 1)', response: { 200: z.array(webhookEndpointSchema) } },
    handler: async (request) => listEndpoints(app.deps.db, actorOf(request)),
  });
  app.post('/webhooks/endpoints', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_ENDPOINT_LIMIT', 'WEBHOOK_URL_IN_USE'] },
    schema: { tags, summary: 'Registrar un endpoint (https://, dirección pública) y los eventos que recibe; como máximo 20 por empresa', body: webhookEndpointInputSchema, response: { 200: webhookEndpointSchema } },
    handler: async (request) => createEndpoint(app.deps.db, request.body, actorOf(request), policy, secretKey),
  });
  app.put('/webhooks/endpoints/:id', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', NOT_FOUND, 'WEBHOOK_URL_NOT_ALLOWED', 'WEBHOOK_URL_IN_USE'] },
    schema: { tags, summary: 'Editar un endpoint', params: idParamsSchema, body: webhookEndpointInputSchema, response: { 200: webhookEndpointSchema } },
    handler: async (request) => updateEndpoint(app.deps.db, request.params.id, request.body, actorOf(request), policy),
  });
  app.post('/webhooks/endpoints/:id/status', {
    config: onEndpoint,
    schema: { tags, summary: 'Activar o desactivar un endpoint', params: idParamsSchema, body: webhookStatusBodySchema, response: { 200: webhookEndpointSchema } },
    handler: async (request) => setEndpointStatus(app.deps.db, request.params.id, request.body.status, actorOf(request)),
  });
  app.get('/webhooks/endpoints/:id/secret', {
    config: { ...onEndpoint, errors: [...onEndpoint.errors, 'WEBHOOK_SECRET_UNREADABLE'] },
    schema: { tags, summary: 'El secreto de firma de un endpoint (whsec_…)', params: idParamsSchema, response: { 200: webhookSecretSchema } },
    handler: async (request) => getEndpointSecret(app.deps.db, request.params.id, actorOf(request), secretKey),
  });
  app.post('/webhooks/endpoints/:id/rotate-secret', {
    config: onEndpoint,
    schema: {
      tags,
      summary: 'Rotar el secreto de firma (el anterior sigue firmando 24 horas)',
      params: idParamsSchema,
      response: { 200: webhookSecretSchema },
    },
    handler: async (request) => rotateEndpointSecret(app.deps.db, request.params.id, actorOf(request), secretKey),
  });
  app.post('/webhooks/endpoints/:id/test', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', NOT_FOUND, 'WEBHOOK_ENDPOINT_INACTIVE'] },
    schema: { tags, summary: 'Enviar un evento de prueba (webhook.test) a un endpoint', params: idParamsSchema, response: { 200: webhookDeliverySchema } },
    handler: async (request) => sendTestEvent(app.deps.db, request.params.id, actorOf(request)),
  });
  app.get('/webhooks/endpoints/:id/deliveries', {
    config: onEndpoint,
    schema: {
      tags,
      summary: 'Registro de entregas de un endpoint, las más nuevas primero, con cada intento',
      params: idParamsSchema,
      querystring: webhookDeliveryListQuerySchema,
      response: { 200: paged(webhookDeliverySchema) },
    },
    handler: async (request) => listDeliveries(app.deps.db, request.params.id, request.query, actorOf(request)),
  });
  app.post('/webhooks/endpoints/:id/deliveries/:deliveryId/retry', {
    config: { access, errors: ['NO_COMPANY_ASSIGNED', NOT_FOUND, 'WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_ENDPOINT_INACTIVE'] },
    schema: { tags, summary: 'Reintentar una entrega ahora', params: webhookDeliveryParamsSchema, response: { 200: webhookDeliverySchema } },
    handler: async (request) => retryDelivery(app.deps.db, request.params.id, request.params.deliveryId, actorOf(request)),
  });
};
