import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const CSV = 'text/csv; charset=utf-8';

/**
 * A CSV the browser saves as `filename`, streamed as the service writes it (every export: HR's,
 * level 1's, the provider's; the format is lib/csv.ts).
 */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable) {
  return reply.type(CSV).header('content-disposition', `attachment; filename="${filename}"`).send(stream);
}
