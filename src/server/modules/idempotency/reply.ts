import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentOutcome } from './service';

/** The client's Idempotency-Key header, if any. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Sends an idempotent outcome: its status, its body, and `Idempotency-Hit: true` on a replay. */
export function sendOutcome<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>) {
  if (outcome.hit) reply.header('idempotency-hit', 'true');
  return reply.status(outcome.status).send(outcome.body as never);
}
