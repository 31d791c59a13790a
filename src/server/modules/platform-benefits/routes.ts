import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  paged,
  platformBenefitInputSchema,
  platformBenefitListQuerySchema,
  platformBenefitSchema,
  platformBenefitUpdateSchema,
  statusBodySchema,
} from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { createPlatformBenefit, listPlatformBenefits, setPlatformBenefitStatus, updatePlatformBenefit } from './service';

const access = { levels: [1] } as const;
const tags = ['platform-benefits'];

/** Level 1: the platform benefits screen (/level1/benefits/jobby). */
export const platformBenefitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/platform-benefits', {
    config: { access },
    schema: { tags, summary: 'Beneficios de plataforma', querystring: platformBenefitListQuerySchema, response: { 200: paged(platformBenefitSchema) } },
    handler: async (request) => listPlatformBenefits(app.deps.db, request.query),
  });

  app.post('/platform-benefits', {
    config: { access },
    schema: { tags, summary: 'Crear un beneficio de plataforma', body: platformBenefitInputSchema, response: { 200: platformBenefitSchema } },
    handler: async (request) => createPlatformBenefit(app.deps.db, request.body, actorOf(request)),
  });

  app.patch('/platform-benefits/:id', {
    config: { access },
    schema: { tags, summary: 'Editar un beneficio de plataforma (solo los campos enviados)', params: idParamsSchema, body: platformBenefitUpdateSchema, response: { 200: platformBenefitSchema } },
    handler: async (request) => updatePlatformBenefit(app.deps.db, { ...request.body, id: request.params.id }),
  });

  app.post('/platform-benefits/:id/status', {
    config: { access },
    schema: { tags, summary: 'Activar o desactivar un beneficio de plataforma', params: idParamsSchema, body: statusBodySchema, response: { 200: platformBenefitSchema } },
    handler: async (request) => setPlatformBenefitStatus(app.deps.db, { id: request.params.id, status: request.body.status }),
  });
};
