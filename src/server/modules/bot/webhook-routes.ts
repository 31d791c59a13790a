/**
 * The WhatsApp webhook, outside /api (decision 94): GET answers Cloud API's verification handshake;
 * POST takes a delivery only with a valid X-Hub-Signature-256 over its raw bytes, stores each text
 * message of a known employee once (with its outbox event) and answers at once; the outbox workers
 * analyse and reply (ingest.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { WEBHOOK_PATH } from '#domain/bot';
import { AppError } from '#domain/errors';
import { countAttempt } from '../rate-limit/index';
import { ingestInbound } from './ingest';
import { hasValidSignature, parseDelivery } from './webhook-payload';

/** WhatsApp's deliveries are a few kilobytes; anything near a megabyte is not one (413). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const whatsappWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Scoped to this plugin: the body stays the exact bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request) => {
    const { db, config } = app.deps;
    const limit = await countAttempt(db, [{ key: `webhook:${request.ip}`, limit: config.whatsapp.requestsPerMinute, keepOnSuccess: true }], 60);
    if (!limit.allowed) throw new AppError('RATE_LIMITED');
  });

  app.get(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '';
    const challenge = typeof query['hub.challenge'] === 'string' ? query['hub.challenge'] : '';
    if (query['hub.mode'] !== 'subscribe' || !sameText(token, app.deps.config.whatsapp.verifyToken) || challenge.length > 200) {
      throw new AppError('WEBHOOK_VERIFY_FAILED');
    }
    return reply.type('text/plain').send(challenge);
  });

  app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
    const { db, config } = app.deps;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!hasValidSignature(raw, request.headers['x-hub-signature-256'], config.whatsapp.appSecret)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('VALIDATION');
    }
    const messages = parseDelivery(payload, new Date());
    if (messages === null) throw new AppError('VALIDATION');
    let stored = 0;
    for (const message of messages) {
      const result = await ingestInbound(db, message);
      if (result.stored) stored += 1;
    }
    // Unknown numbers, companies with the bot off and retries are acknowledged too: WhatsApp must not retry them.
    return { received: messages.length, stored };
  });
};
