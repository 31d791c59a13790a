/**
 * A fixed-window counter in the database (table rate_limit_counters), so that every server copy
 * counts against the same limit (ARCHITECTURE §1: no in-memory rate-limit store).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/** One limit an attempt counts against: what is limited and for whom (e.g. `verify:{providerId}`), and how many per window. */
export type Counter = {
  key: string;
  limit: number;
  /** A ceiling on every attempt: a success does not take it back (see `Attempt.succeeded`). */
  keepOnSuccess?: boolean;
};

export type Attempt = {
  /** Whether every counter is still within its limit, this attempt included. */
  allowed: boolean;
  /**
   * The attempt succeeded: it no longer counts against the counters that only count failures
   * (OWASP ASVS V2.2 counts failures only). A window that has rolled over meanwhile is left alone.
   */
  succeeded: () => Promise<void>;
};

/**
 * Counts one attempt against every counter in ONE statement (one round trip, whatever the number of
 * counters): INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count. The window comes
 * from the database clock — and from one `now()` for all the counters — so copies with skewed clocks
 * still share windows. Run it outside the transaction of the limited work: a refused attempt must
 * still count, and the counters' rows must not stay locked until that work commits. Throws nothing
 * (the caller decides what a refusal says).
 */
export async function countAttempt(db: Executor, counters: readonly Counter[], windowSeconds: number): Promise<Attempt> {
  const windowStart = sql`date_bin(${`${windowSeconds} seconds`}::interval, now(), timestamptz 'epoch')`;
  const rows = await db
    .insert(rateLimitCounters)
    .values(counters.map((counter) => ({ key: counter.key, windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    // xmax = 0 only on a row this statement inserted: the window's first attempt. (A count back at 1
    // after successes were taken back is not a new window and must not pay the clean-up.)
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart, inserted: sql<boolean>`xmax = 0` });
  const countOf = new Map(rows.map((row) => [row.key, row.count]));
  const started = rows[0].windowStart;
  const opened = rows.filter((row) => row.inserted).map((row) => row.key);
  if (opened.length > 0) {
    // The first attempt of a window clears that key's past windows: the table stays one row per active key.
    await db.delete(rateLimitCounters).where(and(inArray(rateLimitCounters.key, opened), lt(rateLimitCounters.windowStart, started)));
  }
  const refundable = counters.filter((counter) => !counter.keepOnSuccess).map((counter) => counter.key);
  return {
    allowed: counters.every((counter) => (countOf.get(counter.key) ?? 0) <= counter.limit),
    succeeded: async () => {
      if (refundable.length === 0) return;
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(inArray(rateLimitCounters.key, refundable), eq(rateLimitCounters.windowStart, started)));
    },
  };
}
