import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import { mailOutbox } from '../../db/schema';

/** The header carrying this start's token (DATA_DIR/dev-outbox-token). */
const DEV_OUTBOX_TOKEN_HEADER = 'x-dev-outbox-token';

/**
 * Reset and verification links hand out accounts, so only the test process may read them: the
 * TCP peer (never X-Forwarded-For, which a client writes) is a loopback address and the request
 * carries the per-start token only a local reader of DATA_DIR knows. Anything else is a plain 404.
 */
function isTestProcess(request: FastifyRequest, token: string | null): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || (isIP(peer.replace(/^::ffff:/, '')) === 4 && peer.replace(/^::ffff:/, '').startsWith('127.'));
  const given = request.headers[DEV_OUTBOX_TOKEN_HEADER];
  if (!loopback || !token || typeof given !== 'string') return false;
  const expected = Buffer.from(token);
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * The development outbox's latest message to an address, for the browser journeys (they cannot
 * open the embedded database the server holds). Registered only with DEV_OUTBOX_API=on and no
 * SMTP_URL; config.ts refuses it in production; answers only the test process (isTestProcess).
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
      if (!isTestProcess(request, app.deps.config.devOutboxToken)) throw new AppError('NOT_FOUND');
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
