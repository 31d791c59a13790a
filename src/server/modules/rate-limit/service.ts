/**
 * A fixed-window counter in the database (table rate_limit_counters), so that every server copy
 * counts against the same limit (ARCHITECTURE §1: no in-memory rate-limit store).
 *
 * Each count and take-back is a statement of its own that commits without waiting for the disk
 * (decision 340): a provider's counters are rows that every verification at its till writes, twice
 * for a success, and waiting for the WAL's flush kept them locked meanwhile. A crash of the database
 * loses at most the last fraction of a second of counts: a few more tries in one window, never money
 * or a code's state. Inside a caller's transaction they leave its commit as it is.
 */
import { and, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { rawBuiltOnce, value } from '../../db/built-once';
import type { Executor } from '../../db/client';
import { liveKeyRowSql, storedKeyOf, type StoredKeyRow } from '../idempotency/index';
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
  return attemptOf(db, counters, await countOnce(db, { keys: counters.map((counter) => counter.key), windowSeconds, ownTransaction: ownTransaction(db) }));
}

/**
 * A condition that is always true and makes the statement's transaction commit without waiting for
 * the WAL's flush (decision 340): `set_config(…, true)` lasts until the end of the transaction, which
 * for a statement sent on its own is the statement itself. Inside a caller's transaction (the demo
 * seed's) it sets the setting to what it already is: that transaction commits as it would have.
 */
const committingAsync = sql`set_config('synchronous_commit', case when ${value('ownTransaction')}::boolean then 'off' else current_setting('synchronous_commit') end, true) is not null`;

/** Whether a counting statement run on `db` is a transaction of its own. */
const ownTransaction = (db: Executor) => !(db instanceof PgTransaction);

/**
 * countAttempt for a request that carries an Idempotency-Key, in ONE statement with the read of
 * that key's live row: a retry already answered is not counted (`attempt` null; its answer is in
 * `stored`, see storedOutcome), so a till whose network dropped an answer is not locked out by its
 * own retries. A key still being answered, or of another input, counts as any attempt.
 */
export async function countAttemptUnlessAnswered(
  db: Executor,
  counters: readonly Counter[],
  windowSeconds: number,
  answered: { actorId: string; key: string },
): Promise<{ stored: StoredKeyRow | null; attempt: Attempt | null }> {
  const [row] = await countUnlessAnsweredOnce(db, {
    keys: counters.map((counter) => counter.key),
    windowSeconds,
    ownTransaction: ownTransaction(db),
    actorId: answered.actorId,
    key: storedKeyOf(answered.key),
  });
  if (row.counted.length === 0) return { stored: row.stored, attempt: null };
  return { stored: row.stored, attempt: await attemptOf(db, counters, row.counted) };
}

type CountedRow = { key: string; count: number; windowStart: string; inserted: boolean };

/** The attempt the counters' rows say, after clearing the past windows of a key whose window this attempt opened. */
async function attemptOf(db: Executor, counters: readonly Counter[], rows: readonly CountedRow[]): Promise<Attempt> {
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
      await takeBackOnce(db, { keys: refundable, windowStart: started, ownTransaction: ownTransaction(db) });
    },
  };
}

/**
 * One attempt counted against each key (an array, so one text serves any number of counters), in the
 * window the database clock is in; `where` may hold the insert back. xmax = 0 only on a row this
 * statement inserted: the window's first attempt. (A count back at 1 after successes were taken
 * back is not a new window and must not pay the clean-up.)
 */
function countingSql(where: SQL) {
  return sql`insert into ${rateLimitCounters} (key, window_start, count)
    select key, date_bin(make_interval(secs => ${value('windowSeconds')}), now(), timestamptz 'epoch'), 1 from unnest(${value('keys')}::text[]) as key
    where ${where} and ${committingAsync}
    on conflict (key, window_start) do update set count = ${rateLimitCounters}.count + 1
    returning key, count, window_start::text as "windowStart", xmax = 0 as inserted`;
}

// Built once (decision 324).
const countOnce = rawBuiltOnce<CountedRow, { keys: string[]; windowSeconds: number; ownTransaction: boolean }>('jobby_rate_limit_count', countingSql(sql`true`));

const countUnlessAnsweredOnce = rawBuiltOnce<
  { stored: StoredKeyRow | null; counted: CountedRow[] },
  { keys: string[]; windowSeconds: number; ownTransaction: boolean; actorId: string; key: string }
>(
  'jobby_rate_limit_count_unless_answered',
  sql`with stored as (${liveKeyRowSql}),
    counted as (${countingSql(sql`not exists (select 1 from stored where "responseStatus" <> 0)`)})
    select (select to_jsonb(stored) from stored) as stored, (select coalesce(jsonb_agg(to_jsonb(counted)), '[]'::jsonb) from counted) as counted`,
);

/** A success taken back from the counters that count failures only, in the window it was counted in. */
const takeBackOnce = rawBuiltOnce<Record<string, never>, { keys: string[]; windowStart: string; ownTransaction: boolean }>(
  'jobby_rate_limit_take_back',
  sql`update ${rateLimitCounters} set count = greatest(count - 1, 0)
    where key = any(${value('keys')}::text[]) and window_start = ${value('windowStart')}::timestamptz and ${committingAsync}`,
);
