import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertActionBodySchema,
  alertListQuerySchema,
  botAccessBodySchema,
  botAccessCompanySchema,
  botAccessListQuerySchema,
  botAccessListSchema,
  botAlertListSchema,
  botAlertSchema,
  botAnalyticsSchema,
  botConfigInputSchema,
  botRequestListQuerySchema,
  botRequestListSchema,
  botRequestRejectBodySchema,
  botRequestSchema,
  botSettingsSchema,
  employeePhoneBodySchema,
  employeeProfileSchema,
  profileDetailQuerySchema,
  profileDetailSchema,
  profileListQuerySchema,
  userIdParamsSchema,
} from '#domain/schemas/bot';
import { idParamsSchema, paged } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { companyOf } from '../../actor';
import { getBotAnalytics, getProfileDetail, listAlerts, listProfiles, setEmployeePhone, takeAlertAction } from './hr';
import { decideBotRequest, getBotSettings, listBotAccess, listBotRequests, saveBotSettings, setBotAccess } from './settings';

const platform = { levels: [1] } as const;
const hr = { levels: [2] } as const;
const tags = ['bot'];

/** Level 1's bot management (/level1/bot-management) and HR's bot screen (/level2/bot-messaging). */
export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/bot/companies', {
    config: { access: platform },
    schema: { tags, summary: 'Acceso al bot por empresa', querystring: botAccessListQuerySchema, response: { 200: botAccessListSchema } },
    handler: async (request) => listBotAccess(app.deps.db, request.query),
  });

  app.put('/admin/bot/companies/:id/access', {
    config: { access: platform },
    schema: { tags, summary: 'Habilitar o deshabilitar el bot de una empresa', params: idParamsSchema, body: botAccessBodySchema, response: { 200: botAccessCompanySchema } },
    handler: async (request) => setBotAccess(app.deps.db, { companyId: request.params.id, enabled: request.body.enabled }),
  });

  app.get('/admin/bot/requests', {
    config: { access: platform },
    schema: { tags, summary: 'Solicitudes del bot: pendientes (las más antiguas primero) o respondidas', querystring: botRequestListQuerySchema, response: { 200: botRequestListSchema } },
    handler: async (request) => listBotRequests(app.deps.db, request.query),
  });

  app.post('/admin/bot/requests/:id/approve', {
    config: { access: platform },
    schema: { tags, summary: 'Aprobar una solicitud del bot (su configuración entra en vigor)', params: idParamsSchema, response: { 200: botRequestSchema } },
    handler: async (request) => decideBotRequest(app.deps.db, { id: request.params.id, approve: true }, actorOf(request)),
  });

  app.post('/admin/bot/requests/:id/reject', {
    config: { access: platform },
    schema: { tags, summary: 'Rechazar una solicitud del bot con un motivo', params: idParamsSchema, body: botRequestRejectBodySchema, response: { 200: botRequestSchema } },
    handler: async (request) => decideBotRequest(app.deps.db, { id: request.params.id, approve: false, reason: request.body.reason }, actorOf(request)),
  });

  /** Whether this server sends WhatsApp messages (the Cloud API's credentials are set). */
  const canSend = () => app.deps.config.whatsapp.cloudApi !== null;

  app.get('/bot/config', {
    config: { access: hr },
    schema: { tags, summary: 'Configuración del bot de la empresa', response: { 200: botSettingsSchema } },
    handler: async (request) => getBotSettings(app.deps.db, companyOf(actorOf(request)), canSend()),
  });

  app.put('/bot/config', {
    config: { access: hr },
    schema: { tags, summary: 'Guardar la configuración del bot (registra una solicitud pendiente)', body: botConfigInputSchema, response: { 200: botSettingsSchema } },
    handler: async (request) => {
      const actor = actorOf(request);
      return saveBotSettings(app.deps.db, companyOf(actor), request.body, actor, canSend());
    },
  });

  app.get('/bot/profiles', {
    config: { access: hr },
    schema: { tags, summary: 'Perfiles de bienestar de los colaboradores', querystring: profileListQuerySchema, response: { 200: paged(employeeProfileSchema) } },
    handler: async (request) => listProfiles(app.deps.db, companyOf(actorOf(request)), request.query),
  });

  app.get('/bot/profiles/:id', {
    config: { access: hr },
    schema: { tags, summary: 'Perfil y conversaciones de un colaborador', params: userIdParamsSchema, querystring: profileDetailQuerySchema, response: { 200: profileDetailSchema } },
    handler: async (request) => getProfileDetail(app.deps.db, companyOf(actorOf(request)), request.params.id, request.query),
  });

  app.put('/bot/employees/:id/phone', {
    config: { access: hr },
    schema: { tags, summary: 'Número de WhatsApp de un colaborador', params: userIdParamsSchema, body: employeePhoneBodySchema, response: { 200: employeeProfileSchema } },
    handler: async (request) => setEmployeePhone(app.deps.db, request.params.id, request.body.phone, actorOf(request)),
  });

  app.get('/bot/alerts', {
    config: { access: hr },
    schema: { tags, summary: 'Alertas de estrés', querystring: alertListQuerySchema, response: { 200: botAlertListSchema } },
    handler: async (request) => listAlerts(app.deps.db, companyOf(actorOf(request)), request.query),
  });

  app.post('/bot/alerts/:id/action', {
    config: { access: hr },
    schema: { tags, summary: 'Tomar Acción: registrar lo hecho y cerrar la alerta', params: idParamsSchema, body: alertActionBodySchema, response: { 200: botAlertSchema } },
    handler: async (request) => takeAlertAction(app.deps.db, request.params.id, request.body.actionTaken, actorOf(request)),
  });

  app.get('/bot/analytics', {
    config: { access: hr },
    schema: { tags, summary: 'Métricas y tendencia del bienestar', response: { 200: botAnalyticsSchema } },
    handler: async (request) => getBotAnalytics(app.deps.db, companyOf(actorOf(request))),
  });
};
