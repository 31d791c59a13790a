/**
 * A fixed-window counter in the database (table rate_limit_counters), so that every server copy
 * counts against the same limit (ARCHITECTURE §1: no in-memory rate-limit store).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

type RateLimitOptions = {
  /** What is limited and for whom, e.g. `verify:{providerId}`. */
  key: string;
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
};

type RateLimitResult = { allowed: boolean; count: number; windowStart: Date };

/**
 * Counts one attempt and says whether it is within the limit, in ONE statement:
 * INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count. The window comes from the
 * database clock, so copies with skewed clocks still share windows. Run it outside the transaction
 * of the limited work: a refused attempt must still count. Throws nothing (the caller decides).
 */
export async function consumeRateLimit(db: Executor, options: RateLimitOptions): Promise<RateLimitResult> {
  const windowStart = sql`date_bin(${`${options.windowSeconds} seconds`}::interval, now(), timestamptz 'epoch')`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key: options.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
  if (row.count === 1) {
    // The first attempt of a window clears this key's past windows: the table stays one row per active key.
    await db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, options.key), lt(rateLimitCounters.windowStart, row.windowStart)));
  }
  return { allowed: row.count <= options.limit, count: row.count, windowStart: row.windowStart };
}

/**
 * Takes back one attempt of the window it was counted in (a sign-in that succeeded: OWASP ASVS
 * V2.2 counts failures only). A window that has already rolled over is left alone.
 */
export async function refundRateLimit(db: Executor, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
}
