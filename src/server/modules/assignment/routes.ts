import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminTokensInputSchema,
  assignResultSchema,
  bulkAssignResultSchema,
  employeeBalanceSchema,
  employeeListQuerySchema,
  grantParamsSchema,
  historyPageSchema,
  historyQuerySchema,
  hrAssignInputSchema,
  hrBulkAssignInputSchema,
  paged,
  reverseGrantInputSchema,
  reverseGrantResultSchema,
} from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/index';
import {
  addPlatformTokens,
  assignCompanyTokens,
  bulkAssignCompanyTokens,
  listCompanyEmployees,
  listCompanyTokenHistory,
  listPlatformEmployees,
  listPlatformTokenHistory,
  removePlatformTokens,
  reverseCompanyGrant,
  reversePlatformGrant,
} from './service';

const PLATFORM = { access: { levels: [1] } } as const;
const COMPANY = { access: { levels: [2] } } as const;
const companyHistoryQuerySchema = historyQuerySchema.omit({ tokenType: true });

/** Token management: the platform admin's flexible tokens (level 1) and HR's company tokens (level 2). */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/employees', {
    config: { ...PLATFORM, apiScope: 'users:read' },
    schema: { tags: ['tokens'], summary: 'Colaboradores con sus saldos', querystring: employeeListQuerySchema, response: { 200: paged(employeeBalanceSchema) } },
    handler: async (request) => listPlatformEmployees(app.deps.db, request.query),
  });

  app.post('/admin/tokens/add', {
    config: { ...PLATFORM, apiScope: 'tokens:assign', errors: ['USER_NOT_FOUND', 'EMPLOYEE_INACTIVE', 'INVALID_TOKEN_QUANTITY', 'TOKEN_QUANTITY_NOT_INTEGER', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags: ['tokens'], summary: 'Añadir tokens flexibles a un colaborador', body: adminTokensInputSchema, response: { 200: assignResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await addPlatformTokens(app.deps.db, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  app.post('/admin/tokens/remove', {
    config: { ...PLATFORM, apiScope: 'tokens:assign', errors: ['USER_NOT_FOUND', 'INVALID_TOKEN_QUANTITY', 'REMOVE_EXCEEDS_BALANCE', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags: ['tokens'], summary: 'Quitar tokens flexibles a un colaborador', body: adminTokensInputSchema, response: { 200: assignResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await removePlatformTokens(app.deps.db, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  const reversalErrors = ['GRANT_NOT_FOUND', 'GRANT_NOT_REVERSIBLE', 'GRANT_ALREADY_REVERSED', 'REVERSAL_EXCEEDS_BALANCE', 'IDEMPOTENCY_CONFLICT'] as const;

  app.post('/admin/tokens/grants/:transferId/reverse', {
    config: { ...PLATFORM, apiScope: 'tokens:assign', errors: [...reversalErrors, 'GRANT_COMPANY_TOKENS_HR_ONLY'] },
    schema: { tags: ['tokens'], summary: 'Revertir una asignación de tokens flexibles', params: grantParamsSchema, body: reverseGrantInputSchema, response: { 200: reverseGrantResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await reversePlatformGrant(app.deps.db, request.params.transferId, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  app.get('/admin/tokens/history', {
    config: { ...PLATFORM, apiScope: 'tokens:read' },
    schema: { tags: ['tokens'], summary: 'Historial de tokens de los colaboradores', querystring: historyQuerySchema, response: { 200: historyPageSchema } },
    handler: async (request) => listPlatformTokenHistory(app.deps.db, request.query),
  });

  app.get('/company/employees', {
    config: { ...COMPANY, apiScope: 'users:read' },
    schema: { tags: ['tokens'], summary: 'Colaboradores de la empresa con sus saldos', querystring: employeeListQuerySchema, response: { 200: paged(employeeBalanceSchema) } },
    handler: async (request) => listCompanyEmployees(app.deps.db, request.query, actorOf(request)),
  });

  app.post('/company/tokens/assign', {
    config: { ...COMPANY, apiScope: 'tokens:assign', errors: ['NO_COMPANY_ASSIGNED', 'USER_NOT_FOUND', 'EMPLOYEE_INACTIVE', 'TOKEN_QUANTITY_NOT_INTEGER', 'LARGE_GRANT_UNCONFIRMED', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags: ['tokens'], summary: 'Asignar tokens de empresa a un colaborador', body: hrAssignInputSchema, response: { 200: assignResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await assignCompanyTokens(app.deps.db, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  app.post('/company/tokens/assign-bulk', {
    config: { ...COMPANY, apiScope: 'tokens:assign', errors: ['NO_COMPANY_ASSIGNED', 'TOKEN_QUANTITY_NOT_INTEGER', 'LARGE_GRANT_UNCONFIRMED', 'IDEMPOTENCY_CONFLICT'] },
    schema: { tags: ['tokens'], summary: 'Asignación masiva de tokens de empresa', body: hrBulkAssignInputSchema, response: { 200: bulkAssignResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await bulkAssignCompanyTokens(app.deps.db, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  app.post('/company/tokens/grants/:transferId/reverse', {
    config: { ...COMPANY, apiScope: 'tokens:assign', errors: ['NO_COMPANY_ASSIGNED', ...reversalErrors] },
    schema: { tags: ['tokens'], summary: 'Revertir una asignación de tokens de empresa', params: grantParamsSchema, body: reverseGrantInputSchema, response: { 200: reverseGrantResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await reverseCompanyGrant(app.deps.db, request.params.transferId, request.body, actorOf(request), idempotencyKeyOf(request))),
  });

  app.get('/company/tokens/history', {
    config: { ...COMPANY, apiScope: 'tokens:read' },
    schema: { tags: ['tokens'], summary: 'Historial de tokens de empresa', querystring: companyHistoryQuerySchema, response: { 200: historyPageSchema } },
    handler: async (request) => listCompanyTokenHistory(app.deps.db, request.query, actorOf(request)),
  });
};
