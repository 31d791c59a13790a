import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, errorMessage, type ErrorBody } from '../../domain/errors';
import { isDatabaseUnavailable } from '../db/client';

/** Seconds a caller is asked to wait after a 503 DATABASE_UNAVAILABLE (a reconnection takes about that). */
const DATABASE_RETRY_AFTER_S = 5;

/** The one error handler (CONVENTIONS "Errors"): catalogue codes out, never a stack on 5xx. */
export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error, actor: request.actor?.id }, 'app error');
    return reply.status(error.status).send(body(error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = (error as FastifyError).validationContext ?? 'body';
    return reply.status(400).send(
      validationBody(error.validation.map((v) => ({ in: location, path: v.instancePath.slice(1).replaceAll('/', '.'), message: v.message ?? errorMessage('VALIDATION') }))),
    );
  }
  if (isDatabaseUnavailable(error)) {
    // A lost connection is not our bug: the pool replaces it, the caller tries again (decision 343).
    request.log.warn({ err: error, method: request.method, url: request.url }, 'database unavailable');
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(body('DATABASE_UNAVAILABLE', errorMessage('DATABASE_UNAVAILABLE')));
  }
  const status = (error as FastifyError).statusCode;
  if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', errorMessage('PAYLOAD_TOO_LARGE')));
  if (status === 429) return reply.status(429).send(body('RATE_LIMITED', errorMessage('RATE_LIMITED')));
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    const code = status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION';
    return reply.status(status).send(body(code, errorMessage(code)));
  }
  request.log.error({ err: error, method: request.method, url: request.url, actor: request.actor?.id }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL', errorMessage('INTERNAL')));
}

/** One refused field: where it came from, its dotted path ('' for the whole body) and a Spanish message. */
type ValidationDetail = { in: string; path: string; message: string };

/**
 * zod's own messages (its Spanish locale, `src/domain/schemas/zod.ts`) begin with one of these
 * phrases; a message that does not is one our schemas wrote (the spec's text for that field).
 */
const ZOD_LOCALE_MESSAGE = /^(Entrada inválida|Opción inválida|Demasiado (grande|pequeño)|Cadena inválida|Inválido |Número inválido|Llaves? (desconocida|inválida)|Valor inválido)/;

/**
 * A 400 VALIDATION answer. Every detail names its field; the headline is the first field's message
 * when our schema wrote it (e.g. 'Los campos Título y Descripción son obligatorios'), otherwise the
 * catalogue's generic text, because zod's wording ('se esperaba int') is for the details only.
 */
export function validationBody(details: ValidationDetail[]): ErrorBody {
  const first = details[0]?.message;
  const message = first && !ZOD_LOCALE_MESSAGE.test(first) ? first : errorMessage('VALIDATION');
  return { error: { code: 'VALIDATION', message, details } };
}

function body(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}
