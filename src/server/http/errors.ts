import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorMessage, type ErrorBody } from '../../domain/errors';

/** The one error handler (CONVENTIONS "Errors"): catalogue codes out, never a stack on 5xx. */
export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error, actor: request.actor?.id }, 'app error');
    return reply.status(error.status).send(body(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Our schemas carry the spec's Spanish messages; the first one is what a user needs to read.
    const first = error.validation[0];
    const message = first?.message && !/^(Invalid|Expected|Too|Unrecognized)/.test(first.message)
      ? first.message
      : errorMessage('VALIDATION');
    return reply.status(400).send({
      error: { code: 'VALIDATION', message, details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })) },
    } satisfies ErrorBody);
  }
  const status = (error as FastifyError).statusCode;
  if (status === 429) return reply.status(429).send(body('RATE_LIMITED', errorMessage('RATE_LIMITED')));
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    const code = status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION';
    return reply.status(status).send(body(code, errorMessage(code)));
  }
  request.log.error({ err: error, method: request.method, url: request.url, actor: request.actor?.id }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', errorMessage('INTERNAL')));
}

function body(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
