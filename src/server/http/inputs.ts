import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationBody } from './errors';

/** What a caller reads when a text carries U+0000 (PostgreSQL cannot store it in `text`). */
const NUL_MESSAGE = 'El texto no puede contener el carácter nulo (U+0000)';

/**
 * Refuses any text with a NUL character, in the JSON body or the query string of every route,
 * before validation (issue 6). One hook instead of a check per schema: PostgreSQL refuses NUL in
 * every `text` column, so no field of any route (today's or a future one, better-auth's included)
 * may carry it, and a forgotten field would otherwise answer 500.
 */
export async function refuseNul(request: FastifyRequest, reply: FastifyReply) {
  for (const [location, value] of [['body', request.body], ['querystring', request.query]] as const) {
    // A raw body (the WhatsApp webhook's, kept as bytes for its signature) is not JSON to walk.
    if (Buffer.isBuffer(value)) continue;
    const path = pathOfNul(value);
    if (path !== null) return reply.status(400).send(validationBody([{ in: location, path, message: NUL_MESSAGE }]));
  }
}

/** The dotted path of the first string (value or key) containing NUL, or null. Iterative: a deeply nested body cannot overflow the stack. */
function pathOfNul(root: unknown): string | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
