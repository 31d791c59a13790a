import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  approveInputSchema,
  benefitRequestSchema,
  idParamsSchema,
  rejectInputSchema,
  requestListQuerySchema,
  requestListSchema,
} from '#domain/schemas/economy';
import { actorOf, mayRead } from '../../http/access';
import type { Actor } from '../../actor';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/index';
import { approveRequest, rejectRequest } from './decisions';
import { listAdminRequests, listCompanyRequests, listMyRequests, listProviderRequests } from './list';

const tags = ['requests'];

/** A decision needs no body at all (a bare POST approves or rejects); when sent, it is validated. */
const decisionBody = <T extends z.ZodType>(schema: T) => schema.nullish();

type RequestList = z.infer<typeof requestListSchema>;

/**
 * A code is what a person redeems a benefit with: an API key reading requests sees it only when it
 * also holds `codes:read` (decision 221); without it each request's `code` is null.
 */
function codesFor(actor: Actor, list: RequestList): RequestList {
  return mayRead(actor, 'codes:read') ? list : { ...list, items: list.items.map((item) => ({ ...item, code: null })) };
}

/** The request lists of every level, and the decisions on a request. */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/requests', {
    config: { access: { levels: [1] }, apiScope: 'requests:read' },
    schema: { tags, summary: 'Solicitudes de beneficios de plataforma', querystring: requestListQuerySchema, response: { 200: requestListSchema } },
    handler: async (request) => codesFor(actorOf(request), await listAdminRequests(app.deps.db, request.query)),
  });

  app.get('/company/requests', {
    config: { access: { levels: [2] }, apiScope: 'requests:read' },
    schema: { tags, summary: 'Solicitudes de beneficios internos de mi empresa', querystring: requestListQuerySchema, response: { 200: requestListSchema } },
    handler: async (request) => codesFor(actorOf(request), await listCompanyRequests(app.deps.db, request.query, actorOf(request))),
  });

  app.get('/provider/requests', {
    config: { access: { levels: [4] } },
    schema: { tags, summary: 'Solicitudes que esperan mi aprobación', querystring: requestListQuerySchema, response: { 200: requestListSchema } },
    handler: async (request) => listProviderRequests(app.deps.db, request.query, actorOf(request)),
  });

  app.get('/requests/mine', {
    config: { access: { levels: [3] } },
    schema: { tags, summary: 'Mis solicitudes', querystring: requestListQuerySchema, response: { 200: requestListSchema } },
    handler: async (request) => listMyRequests(app.deps.db, request.query, actorOf(request)),
  });

  app.post('/requests/:id/approve', {
    config: { access: { levels: [1, 2, 4] }, errors: ['REQUEST_NOT_FOUND', 'REQUEST_NOT_PENDING', 'INSTRUCTIONS_REQUIRED', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags, summary: 'Aprobar una solicitud (genera su código)', params: idParamsSchema, body: decisionBody(approveInputSchema), response: { 200: benefitRequestSchema } },
    handler: async (request, reply) => {
      const input = { id: request.params.id, adminInstructions: request.body?.adminInstructions };
      return sendOutcome(reply, await approveRequest(app.deps.db, input, actorOf(request), { idempotencyKey: idempotencyKeyOf(request) }));
    },
  });

  app.post('/requests/:id/reject', {
    config: { access: { levels: [1, 2, 4] }, errors: ['REQUEST_NOT_FOUND', 'REQUEST_NOT_PENDING', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags, summary: 'Rechazar una solicitud (devuelve los tokens)', params: idParamsSchema, body: decisionBody(rejectInputSchema), response: { 200: benefitRequestSchema } },
    handler: async (request, reply) => {
      const input = { id: request.params.id, reason: request.body?.reason };
      return sendOutcome(reply, await rejectRequest(app.deps.db, input, actorOf(request), { idempotencyKey: idempotencyKeyOf(request) }));
    },
  });
};
