import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, paged } from '#domain/schemas/economy';
import {
  companySurveySummarySchema,
  mySurveyASchema,
  surveyAInputSchema,
  surveyBInputSchema,
  surveyCardSchema,
  surveyDetailSchema,
  surveyListQuerySchema,
  surveySavedSchema,
} from '#domain/schemas/surveys';
import { actorOf } from '../../http/access';
import { companySurveySummary, getMySurveyA, getSurvey, listSurveys, saveSurveyA, saveSurveyB } from './service';

// The survey is the employee's own profile: open even while its company is inactive, and
// the only level 3 routes open while it is pending.
const EMPLOYEE = { access: { levels: [3] }, whileCompanyInactive: true, whileSurveyPending: true } as const;
const PLATFORM_ADMIN = { access: { levels: [1] } } as const;

/** The employee's profile surveys A and B (part 2 "Survey A", "Survey B"). */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/surveys/a/mine', {
    config: EMPLOYEE,
    schema: { tags: ['surveys'], summary: 'Mis respuestas de la encuesta A', response: { 200: mySurveyASchema } },
    handler: async (request) => getMySurveyA(app.deps.db, actorOf(request)),
  });

  app.put('/surveys/a/mine', {
    config: EMPLOYEE,
    schema: { tags: ['surveys'], summary: 'Guardar la encuesta A y marcarla completa', body: surveyAInputSchema, response: { 200: surveySavedSchema } },
    handler: async (request) => saveSurveyA(app.deps.db, request.body, actorOf(request)),
  });

  app.put('/surveys/b/mine', {
    config: EMPLOYEE,
    schema: { tags: ['surveys'], summary: 'Guardar la encuesta B y marcarla completa', body: surveyBInputSchema, response: { 200: surveySavedSchema } },
    handler: async (request) => saveSurveyB(app.deps.db, request.body, actorOf(request)),
  });

  // Level 1 reads them (/level1/surveys): the answers that let the platform pick benefits.
  app.get('/admin/surveys', {
    config: PLATFORM_ADMIN,
    schema: { tags: ['surveys'], summary: 'Encuestas completadas (nivel 1)', querystring: surveyListQuerySchema, response: { 200: paged(surveyCardSchema) } },
    handler: async (request) => listSurveys(app.deps.db, request.query),
  });

  app.get('/admin/surveys/:id', {
    config: PLATFORM_ADMIN,
    schema: { tags: ['surveys'], summary: 'Una encuesta completada con todas sus respuestas', params: idParamsSchema, response: { 200: surveyDetailSchema } },
    handler: async (request) => getSurvey(app.deps.db, request.params.id),
  });

  app.get('/admin/companies/:id/survey-summary', {
    config: PLATFORM_ADMIN,
    schema: { tags: ['surveys'], summary: 'Resumen de las encuestas de una empresa', params: idParamsSchema, response: { 200: companySurveySummarySchema } },
    handler: async (request) => companySurveySummary(app.deps.db, request.params.id),
  });
};
