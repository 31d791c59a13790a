import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#domain/schemas/zod';
import {
  achievementAnalysisSchema,
  achievementRuleInputSchema,
  achievementRuleSchema,
  ruleListQuerySchema,
  ruleQualifyingInputSchema,
  ruleQualifyingSchema,
  ruleStatusBodySchema,
} from '#domain/schemas/engine';
import { idParamsSchema, paged } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { countQualifying, createRule, deleteRule, listRules, recentAnalysis, setRuleStatus, updateRule } from './service';

const access = { levels: [1] } as const;
const tags = ['achievements'];

/** Level 1: /level1/achievements, tabs 'Reglas' and 'Análisis Reciente'. */
export const achievementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/achievement-rules', {
    config: { access },
    schema: { tags, summary: 'Reglas de logros', querystring: ruleListQuerySchema, response: { 200: paged(achievementRuleSchema) } },
    handler: async (request) => listRules(app.deps.db, request.query),
  });
  app.post('/achievement-rules', {
    config: { access },
    schema: { tags, summary: 'Crear una regla de logro', body: achievementRuleInputSchema, response: { 200: achievementRuleSchema } },
    handler: async (request) => createRule(app.deps.db, request.body, actorOf(request)),
  });
  app.put('/achievement-rules/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Editar una regla: rige desde el próximo canje; quien ya la recibió no la recibe de nuevo',
      params: idParamsSchema,
      body: achievementRuleInputSchema,
      response: { 200: achievementRuleSchema },
    },
    handler: async (request) => updateRule(app.deps.db, request.params.id, request.body),
  });
  app.post('/achievement-rules/qualifying', {
    config: { access },
    schema: { tags, summary: 'Cuántas personas cumplen hoy una condición (sin contar a quien ya recibió la regla)', body: ruleQualifyingInputSchema, response: { 200: ruleQualifyingSchema } },
    handler: async (request) => countQualifying(app.deps.db, request.body),
  });
  app.post('/achievement-rules/:id/status', {
    config: { access },
    schema: { tags, summary: 'Activar o desactivar una regla', params: idParamsSchema, body: ruleStatusBodySchema, response: { 200: achievementRuleSchema } },
    handler: async (request) => setRuleStatus(app.deps.db, request.params.id, request.body.status),
  });
  app.delete('/achievement-rules/:id', {
    config: { access },
    schema: { tags, summary: 'Eliminar una regla (una ya otorgada se conserva para el historial)', params: idParamsSchema, response: { 200: z.object({ deleted: z.literal(true) }) } },
    handler: async (request) => deleteRule(app.deps.db, request.params.id),
  });
  app.get('/achievements/analysis', {
    config: { access },
    schema: { tags, summary: 'Análisis reciente (últimos 7 días)', response: { 200: achievementAnalysisSchema } },
    handler: async () => recentAnalysis(app.deps.db),
  });
};
