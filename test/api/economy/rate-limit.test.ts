/**
 * The database rate limiter (rate-limit/service.ts): the counts every server copy shares, and the
 * table kept at one row per active key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rateLimitCounters } from '#server/db/schema';
import { countAttempt } from '#server/modules/rate-limit/service';
import type { Executor } from '#server/db/client';
import { createTestContext, type TestContext } from '../../support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const rowsOf = (key: string) => ctx.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));

describe('countAttempt', () => {
  it('refuses past the limit, and a success taken back frees its place', async () => {
    // A window of ten years (the current one ends in Dec 2029): the attempts cannot straddle two.
    const counter = { key: 'test:limit', limit: 2 };
    const decade = 10 * 365 * 86_400;
    expect((await countAttempt(ctx.db, [counter], decade)).allowed).toBe(true);
    const second = await countAttempt(ctx.db, [counter], decade);
    expect(second.allowed).toBe(true);
    expect((await countAttempt(ctx.db, [counter], decade)).allowed).toBe(false);
    await second.succeeded();
    await second.succeeded();
    expect((await countAttempt(ctx.db, [counter], decade)).allowed).toBe(true);
  });

  it("a window's first attempt clears the key's past windows, and leaves other keys alone", async () => {
    const past = sql`date_bin('60 seconds'::interval, now(), timestamptz 'epoch') - interval '5 minutes'`;
    await ctx.db.insert(rateLimitCounters).values([
      { key: 'test:clean', windowStart: past, count: 7 },
      { key: 'test:other', windowStart: past, count: 3 },
    ]);
    await countAttempt(ctx.db, [{ key: 'test:clean', limit: 10 }], 60);
    expect((await rowsOf('test:clean')).map((row) => row.count)).toEqual([1]);
    expect((await rowsOf('test:other')).map((row) => row.count)).toEqual([3]);
  });

  it("commits without waiting for the disk in its own transaction only, never a caller's (decision 340)", async () => {
    const setting = async (db: Executor) => ((await db.execute(sql`show synchronous_commit`)) as unknown as { rows: { synchronous_commit: string }[] }).rows[0].synchronous_commit;
    // Inside a caller's transaction (the demo seed verifies codes in one) that transaction's commit is left as it is.
    const inside = await ctx.db.transaction(async (tx) => {
      await countAttempt(tx, [{ key: 'test:tx', limit: 5 }], 60);
      return setting(tx);
    });
    expect(inside).toBe('on');
    // On its own the setting lasted for the counting statement only: what runs next commits as usual.
    await countAttempt(ctx.db, [{ key: 'test:async', limit: 5 }], 60);
    expect(await setting(ctx.db)).toBe('on');
  });
});
