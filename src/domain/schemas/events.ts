/**
 * Level 1's dead events (decision 366): events the outbox worker gave up on, with the error that
 * killed them, newest death first, read along a keyset (`cursor`).
 */
import { errorMessage } from '../errors';
import { z } from './zod';

export const deadEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  companyName: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deadAt: z.string(),
});
export type DeadEventItem = z.infer<typeof deadEventSchema>;

/** `<dead_at as text>|<id>` of the last row read; opaque to the web. */
const cursor = z.string().regex(/^[0-9 :.+-]{19,40}\|\d{1,18}$/);

export const deadEventQuerySchema = z.object({
  limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().min(1).max(100)).default(20),
  cursor: cursor.optional(),
});

export const deadEventPageSchema = z.object({ items: z.array(deadEventSchema), nextCursor: z.string().nullable(), total: z.number().int() });
export type DeadEventPage = z.infer<typeof deadEventPageSchema>;

export const deadEventParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, errorMessage('DEAD_EVENT_NOT_FOUND')).transform(Number) });

export const retriedEventSchema = z.object({ id: z.number().int(), retried: z.literal(true) });
