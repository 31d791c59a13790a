import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#domain/schemas/zod';
import { notificationListQuerySchema, notificationSchema, unreadCountSchema } from '#domain/schemas/engine';
import { idParamsSchema, paged } from '#domain/schemas/economy';
import { actorOf } from '../../http/access';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';

const access = 'authenticated' as const;
const tags = ['notifications'];

/** The bell of every level: the caller's own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/notifications', {
    config: { access },
    schema: { tags, summary: 'Mis notificaciones, las más nuevas primero', querystring: notificationListQuerySchema, response: { 200: paged(notificationSchema) } },
    handler: async (request) => listNotifications(app.deps.db, request.query, actorOf(request)),
  });
  app.get('/notifications/unread-count', {
    config: { access },
    schema: { tags, summary: 'Cuántas notificaciones no he leído', response: { 200: unreadCountSchema } },
    handler: async (request) => unreadCount(app.deps.db, actorOf(request)),
  });
  app.post('/notifications/:id/read', {
    config: { access },
    schema: { tags, summary: 'Marcar una notificación como leída', params: idParamsSchema, response: { 200: notificationSchema } },
    handler: async (request) => markRead(app.deps.db, request.params.id, actorOf(request)),
  });
  app.post('/notifications/read-all', {
    config: { access },
    schema: { tags, summary: 'Marcar todas como leídas', response: { 200: z.object({ updated: z.number().int() }) } },
    handler: async (request) => markAllRead(app.deps.db, actorOf(request)),
  });
};
