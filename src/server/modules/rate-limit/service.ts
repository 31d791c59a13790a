/**
 * A fixed-window counter in the database (table rate_limit_counters), so that every server copy
 * counts against the same limit (ARCHITECTURE §1: no in-memory rate-limit store).
 */
import { and, inArray, lt, sql } from 'drizzle-orm';
import { rawBuiltOnce, value } from '../../db/built-once';
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
  const rows = await countOnce(db, { keys: counters.map((counter) => counter.key), windowSeconds });
  const countOf = new Map(rows.map((row) => [row.key, row.count]));
  const started = rows[0].windowStart;
  const opened = rows.filter((row) => row.inserted).map((row) => row.key);
  if (opened.length > 0) {
    // The first attempt of a window clears that key's past windows: the table stays one row per active key.
    await db.delete(rateLimitCounters).where(and(inArray(rateLimitCounters.key, opened), lt(rateLimitCounters.windowStart, sql`${started}::timestamptz`)));
  }
  const refundable = counters.filter((counter) => !counter.keepOnSuccess).map((counter) => counter.key);
  return {
    allowed: counters.every((counter) => (countOf.get(counter.key) ?? 0) <= counter.limit),
    succeeded: async () => {
      if (refundable.length === 0) return;
      await takeBackOnce(db, { keys: refundable, windowStart: started });
    },
  };
}

/**
 * One attempt counted against each key, in the window the database clock is in. The keys are an
 * array, so one text serves any number of counters (built once, decision 324). xmax = 0 only on a
 * row this statement inserted: the window's first attempt. (A count back at 1 after successes
 * were taken back is not a new window and must not pay the clean-up.)
 */
const countOnce = rawBuiltOnce<{ key: string; count: number; windowStart: string; inserted: boolean }, { keys: string[]; windowSeconds: number }>(
  'jobby_rate_limit_count',
  sql`insert into ${rateLimitCounters} (key, window_start, count)
    select key, date_bin(make_interval(secs => ${value('windowSeconds')}), now(), timestamptz 'epoch'), 1 from unnest(${value('keys')}::text[]) as key
    on conflict (key, window_start) do update set count = ${rateLimitCounters}.count + 1
    returning key, count, window_start::text as "windowStart", xmax = 0 as inserted`,
);

/** A success taken back from the counters that count failures only, in the window it was counted in. */
const takeBackOnce = rawBuiltOnce<Record<string, never>, { keys: string[]; windowStart: string }>(
  'jobby_rate_limit_take_back',
  sql`update ${rateLimitCounters} set count = greatest(count - 1, 0)
    where key = any(${value('keys')}::text[]) and window_start = ${value('windowStart')}::timestamptz`,
);
