import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyBenefitInputSchema,
  companyBenefitListQuerySchema,
  companyBenefitSchema,
  companyBenefitUpdateSchema,
  idParamsSchema,
  paged,
  statusBodySchema,
} from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { createCompanyBenefit, listCompanyBenefits, setCompanyBenefitStatus, updateCompanyBenefit } from './service';

const access = { levels: [2] } as const;
const tags = ['company-benefits'];

/** Level 2: the internal benefits of the HR admin's own company (/level2/benefits). */
export const companyBenefitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/company-benefits', {
    config: { access },
    schema: { tags, summary: 'Beneficios internos de mi empresa', querystring: companyBenefitListQuerySchema, response: { 200: paged(companyBenefitSchema) } },
    handler: async (request) => listCompanyBenefits(app.deps.db, request.query, actorOf(request)),
  });

  app.post('/company-benefits', {
    config: { access },
    schema: { tags, summary: 'Crear un beneficio interno', body: companyBenefitInputSchema, response: { 200: companyBenefitSchema } },
    handler: async (request) => createCompanyBenefit(app.deps.db, request.body, actorOf(request)),
  });

  app.patch('/company-benefits/:id', {
    config: { access },
    schema: { tags, summary: 'Editar un beneficio interno (solo los campos enviados)', params: idParamsSchema, body: companyBenefitUpdateSchema, response: { 200: companyBenefitSchema } },
    handler: async (request) => updateCompanyBenefit(app.deps.db, { ...request.body, id: request.params.id }, actorOf(request)),
  });

  app.post('/company-benefits/:id/status', {
    config: { access },
    schema: { tags, summary: 'Activar o desactivar un beneficio interno', params: idParamsSchema, body: statusBodySchema, response: { 200: companyBenefitSchema } },
    handler: async (request) => setCompanyBenefitStatus(app.deps.db, { id: request.params.id, status: request.body.status }, actorOf(request)),
  });
};
