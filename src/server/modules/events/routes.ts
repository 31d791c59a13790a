import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#domain/errors';
import { canEnterArea } from '#domain/levels';
import { deadEventPageSchema, deadEventParamsSchema, deadEventQuerySchema, retriedEventSchema } from '#domain/schemas/events';
import { actorOf } from '../../http/access';
import { listDeadEvents, retryDeadEvent } from './dead';
import type { LiveTopic } from './types';

/** A comment line keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: server-sent events of what changed for the caller — `event: change`,
 * `data: {"topic": …}` — with a heartbeat; the browser's EventSource reconnects by itself (`retry`).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/events', {
    config: { access: 'authenticated', errors: ['EVENT_STREAM_ONLY', 'TOO_MANY_LIVE_STREAMS'] },
    schema: { tags: ['events'], summary: 'Cambios en vivo (text/event-stream)' },
    handler: async (request, reply) => {
      const actor = actorOf(request);
      // EventSource always asks for the stream; any other client gets an answer instead of a call that never ends.
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw new AppError('EVENT_STREAM_ONLY');
      const sessionId = request.sessionId;
      if (!sessionId) throw new AppError('UNAUTHENTICATED');
      const res = reply.raw;
      let end = () => undefined as void;
      const remove = app.deps.live.add({
        userId: actor.id,
        companyId: actor.companyId,
        isHr: actor.level === 2,
        isAdmin: canEnterArea(actor, 1),
        level: actor.level,
        sessionId,
        send: (topic: LiveTopic) => res.write(`event: change\ndata: ${JSON.stringify({ topic })}\n\n`),
        // `ready` again on an open stream: the web refetches everything on screen, as after its own
        // reconnection (src/web/api/live.ts); sent when this copy's LISTEN came back (decision 344).
        resync: () => res.write('event: ready\ndata: {}\n\n'),
        end: () => end(),
      });
      // Checked before the stream starts, so the refusal is an ordinary JSON answer.
      if (!remove) throw new AppError('TOO_MANY_LIVE_STREAMS');
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      end = () => {
        clearInterval(heartbeat);
        remove();
        if (!res.writableEnded) res.end();
      };
      request.raw.on('close', end);
      res.on('error', end);
    },
  });

  // Level 1's dead events (decision 366): the platform's, of every company; session only.
  app.get('/admin/events/dead', {
    config: { access: { levels: [1] } },
    schema: { tags: ['events'], summary: 'Eventos fallidos definitivamente', querystring: deadEventQuerySchema, response: { 200: deadEventPageSchema } },
    handler: async (request) => listDeadEvents(app.deps.db, request.query),
  });

  app.post('/admin/events/:id/retry', {
    config: { access: { levels: [1] }, errors: ['DEAD_EVENT_NOT_FOUND'] },
    schema: { tags: ['events'], summary: 'Reintentar un evento fallido', params: deadEventParamsSchema, response: { 200: retriedEventSchema } },
    handler: async (request) => retryDeadEvent(app.deps.db, request.params.id),
  });
};
