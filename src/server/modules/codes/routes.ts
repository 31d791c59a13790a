import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeLookupSchema,
  providerHistoryExportQuerySchema,
  providerHistoryQuerySchema,
  providerHistorySchema,
  verifyCodeInputSchema,
  verifyCodeResultSchema,
} from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { sendCsv } from '../../http/csv';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/index';
import { getProviderHistory, streamProviderHistoryCsv } from './history';
import { lookUpCode } from './lookup';
import { verifyCode } from './verify';

const access = { levels: [4] } as const;
const tags = ['codes'];

/** Level 4: the provider portal (/level4). */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Providers, and HR for its company's own benefits that name no provider (laneOf).
  app.post('/codes/verify', {
    config: {
      access: { levels: [2, 4] },
      errors: ['CODE_REQUIRED', 'VERIFY_RATE_LIMITED', 'PROVIDER_INACTIVE', 'CODE_NOT_FOUND', 'CODE_USED_OR_INACTIVE', 'CODE_EXPIRED', 'CODE_INVALID', 'IDEMPOTENCY_CONFLICT'],
    },
    schema: { tags, summary: 'Verificar y canjear un código', body: verifyCodeInputSchema, response: { 200: verifyCodeResultSchema } },
    handler: async (request, reply) => {
      const { verifyAttemptsPerMinute, verifySuccessesPerMinute } = app.deps.config;
      const options = { attemptsPerMinute: verifyAttemptsPerMinute, successesPerMinute: verifySuccessesPerMinute, idempotencyKey: idempotencyKeyOf(request) };
      return sendOutcome(reply, await verifyCode(app.deps.db, request.body, actorOf(request), options));
    },
  });

  // What a code is for, before 'Confirmar canje' (decision 362); redeems nothing. The
  // provider's scanner and typed box, and HR's typed box: the same callers and lanes as verification.
  app.post('/codes/lookup', {
    config: {
      access: { levels: [2, 4] },
      errors: ['CODE_REQUIRED', 'VERIFY_RATE_LIMITED', 'PROVIDER_INACTIVE', 'CODE_NOT_FOUND', 'CODE_USED_OR_INACTIVE', 'CODE_EXPIRED'],
    },
    schema: { tags, summary: 'Consultar un código sin canjearlo', body: verifyCodeInputSchema, response: { 200: codeLookupSchema } },
    handler: async (request) => {
      const { verifyAttemptsPerMinute, verifySuccessesPerMinute } = app.deps.config;
      return lookUpCode(app.deps.db, request.body, actorOf(request), { attemptsPerMinute: verifyAttemptsPerMinute, successesPerMinute: verifySuccessesPerMinute });
    },
  });

  app.get('/provider/history', {
    config: { access },
    schema: { tags, summary: 'Mis códigos canjeados (buscar, fechas, páginas) y mis totales', querystring: providerHistoryQuerySchema, response: { 200: providerHistorySchema } },
    handler: async (request) => getProviderHistory(app.deps.db, actorOf(request), request.query),
  });

  // What the provider invoices from, with the screen's search and dates.
  app.get('/provider/history/export', {
    config: { access },
    schema: { tags, summary: 'Mis códigos canjeados en CSV', querystring: providerHistoryExportQuerySchema },
    handler: async (request, reply) => sendCsv(reply, 'historial-canjes.csv', streamProviderHistoryCsv(app.deps.db, actorOf(request), request.query)),
  });
};
