import type { FastifyReply, FastifyRequest } from 'fastify';
import { findUnstorableText, type UnstorableCharacter } from '../../domain/text';
import { validationBody } from './errors';

/** What a caller reads when a text carries a character no text may be stored with (domain/text.ts). */
const UNSTORABLE_MESSAGES: Record<UnstorableCharacter, string> = {
  nul: 'El texto no puede contener el carácter nulo (U+0000)',
  surrogate: 'El texto contiene un carácter no válido (un sustituto UTF-16 suelto, como \\ud800)',
};

/**
 * Refuses any text with a NUL character or a lone UTF-16 surrogate, in the JSON body or the query
 * string of every route, before validation (decision 38; lone surrogates too). One hook instead of a
 * check per schema: PostgreSQL refuses NUL in every `text` column and a lone surrogate in every
 * `jsonb` (an idempotent answer echoing the text, an outbox payload), so no field of any route
 * (today's or a future one, better-auth's included) may carry them, and a forgotten field would
 * otherwise answer 500.
 */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply) {
  for (const [location, value] of [['body', request.body], ['querystring', request.query]] as const) {
    // A raw body (the WhatsApp webhook's, kept as bytes for its signature) is not JSON to walk.
    if (Buffer.isBuffer(value)) continue;
    const found = findUnstorableText(value);
    if (found !== null) return reply.status(400).send(validationBody([{ in: location, path: found.path, message: UNSTORABLE_MESSAGES[found.character] }]));
  }
}
