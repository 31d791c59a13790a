import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monthlyAllowanceInputSchema, monthlyAllowanceSchema, monthlyGrantResultSchema } from '#domain/schemas/engine';
import { idParamsSchema } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { allowanceOf, getCompanyAllowance, grantCompanyAllowanceNow, grantJobbyAllowanceNow, setCompanyAllowance } from './service';

const tags = ['monthly-allowance'];

/** The monthly allowance: HR's company tokens, level 1's flexible tokens per company. */
export const allowanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const hr = { levels: [2] } as const;
  app.get('/company/monthly-allowance', {
    config: { access: hr },
    schema: { tags, summary: 'La asignación mensual de tokens de empresa', response: { 200: monthlyAllowanceSchema } },
    handler: async (request) => getCompanyAllowance(app.deps.db, actorOf(request)),
  });
  app.put('/company/monthly-allowance', {
    config: { access: hr },
    schema: { tags, summary: 'Fijar la asignación mensual por empleado activo', body: monthlyAllowanceInputSchema, response: { 200: monthlyAllowanceSchema } },
    handler: async (request) => setCompanyAllowance(app.deps.db, request.body.amount, actorOf(request)),
  });
  app.post('/company/monthly-allowance/grant', {
    config: { access: hr, errors: ['NO_COMPANY_ASSIGNED', 'ALLOWANCE_COMPANY_INACTIVE'] },
    schema: { tags, summary: 'Asignar ahora la asignación de este mes', response: { 200: monthlyGrantResultSchema } },
    handler: async (request) => grantCompanyAllowanceNow(app.deps.db, actorOf(request)),
  });

  const admin = { levels: [1] } as const;
  app.get('/companies/:id/monthly-allowance', {
    config: { access: admin },
    schema: { tags, summary: 'La asignación mensual de tokens flexibles de una empresa', params: idParamsSchema, response: { 200: monthlyAllowanceSchema } },
    handler: async (request) => allowanceOf(app.deps.db, request.params.id, 'jobby'),
  });
  app.post('/companies/:id/monthly-allowance/grant', {
    config: { access: admin, errors: ['COMPANY_NOT_FOUND', 'ALLOWANCE_COMPANY_INACTIVE'] },
    schema: { tags, summary: 'Asignar ahora los tokens flexibles de este mes a una empresa', params: idParamsSchema, response: { 200: monthlyGrantResultSchema } },
    handler: async (request) => grantJobbyAllowanceNow(app.deps.db, request.params.id, actorOf(request)),
  });
};
