import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mySurveyASchema, surveyAInputSchema, surveyBInputSchema, surveySavedSchema } from '../../../domain/schemas/surveys';
import { actorOf } from '../../http/access';
import { getMySurveyA, saveSurveyA, saveSurveyB } from './service';

// The survey is the employee's own profile: open even while its company is inactive (issue 8).
const EMPLOYEE = { access: { levels: [3] }, whileCompanyInactive: true } as const;

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
};
