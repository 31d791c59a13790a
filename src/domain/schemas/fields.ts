/**
 * Field schemas every API contract shares ("Inputs"): counts that fit their column and are
 * never coerced from look-alikes, and the paging of every list.
 */
import { z } from './zod';
import { INTEGER_MAX } from '../constants';

/**
 * A count in a query string, where every value arrives as text: plain decimal digits only, so
 * `0x10`, `1e2`, ` 5` or `true` are refused instead of being coerced.
 */
const queryCount = z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().max(INTEGER_MAX));

/** `limit` (1–100, default 20) and `offset` of a paged list. */
export const pageQuery = {
  limit: queryCount.pipe(z.number().min(1).max(100)).default(20),
  offset: queryCount.default(0),
};

/**
 * A count in a JSON body: a JSON integer that fits a PostgreSQL `integer` column. No `z.coerce`:
 * `true`, `[5]`, `"0x10"` and `"1e2"` are refused, not read as numbers.
 */
export const count = (params?: { error: string }) => z.number(params).int(params).max(INTEGER_MAX, params);

export const id = z.string().min(1);
export const isoDate = z.string();
export const optionalText = z.string().trim().max(2000).nullish();
/** A page of a list: its items and the total that matches. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const statusBodySchema = z.object({ status: z.enum(['active', 'inactive']) });
export const idParamsSchema = z.object({ id: z.string().uuid() });
