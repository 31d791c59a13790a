import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { redeemInputSchema, redemptionResultSchema } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { idempotencyKeyOf, sendOutcome } from '../idempotency/index';
import { redeemBenefit } from './service';

const EMPLOYEE = { access: { levels: [3] } } as const;

/** Redeeming benefits (level 3). */
export const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/redemptions', {
    config: {
      ...EMPLOYEE,
      errors: ['BENEFIT_NOT_FOUND', 'BENEFIT_UNAVAILABLE', 'BENEFIT_OUT_OF_STOCK', 'ALREADY_REDEEMED', 'REDEEMER_INACTIVE', 'INSUFFICIENT_JOBBY_TOKENS', 'INSUFFICIENT_COMPANY_TOKENS', 'IDEMPOTENCY_CONFLICT'],
    },
    schema: { tags: ['benefits'], summary: 'Canjear un beneficio con tokens', body: redeemInputSchema, response: { 200: redemptionResultSchema } },
    handler: async (request, reply) =>
      sendOutcome(reply, await redeemBenefit(app.deps.db, request.body, actorOf(request), idempotencyKeyOf(request))),
  });
};
