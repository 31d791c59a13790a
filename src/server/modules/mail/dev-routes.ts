import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { mailOutbox } from '../../db/schema';

/**
 * The development outbox's latest message to an address, for the browser journeys (they cannot
 * open the embedded database the server holds). Registered only with DEV_OUTBOX_API=on and no
 * SMTP_URL; config.ts refuses it in production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/outbox', {
    config: { access: 'public' },
    schema: {
      hide: true,
      querystring: z.object({ to: z.string().trim().toLowerCase().max(254) }),
      response: { 200: z.object({ subject: z.string(), link: z.string().nullable() }) },
    },
    handler: async (request) => {
      const [row] = await app.deps.db
        .select({ subject: mailOutbox.subject, link: mailOutbox.link })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, request.query.to))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    },
  });
};
