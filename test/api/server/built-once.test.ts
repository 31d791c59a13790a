/**
 * Decision 324: a statement built once runs on the connection of whoever calls it. Inside a
 * transaction it must see and write that transaction's own uncommitted rows, and be undone with
 * it; on the pool it runs on its own. A statement that ran on the connection it was first built on
 * (drizzle's own prepared queries do) would fail both: it would not see the row, and its write would
 * survive the rollback. Holds on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { builtOnce, rawBuiltOnce, value } from '#server/db/built-once';
import { rateLimitCounters } from '#server/db/schema';
import { createTestContext, type TestContext } from '../../support/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const countOf = builtOnce((db) =>
  db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, value('key'))).prepare('test_built_once_count'),
);
const bump = rawBuiltOnce<{ count: number }, { key: string }>(
  'test_built_once_bump',
  sql`update ${rateLimitCounters} set count = count + 1 where key = ${value('key')} returning count`,
);

class RolledBack extends Error {}

describe('a statement built once', () => {
  it("runs inside the caller's transaction: sees its rows, and is undone with it", async () => {
    const key = 'built-once:rollback';
    // The first use builds it, on the pool.
    expect(await countOf(ctx.db, { key })).toEqual([]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(rateLimitCounters).values({ key, windowStart: new Date(), count: 1 });
        expect(await countOf(tx, { key })).toEqual([{ count: 1 }]);
        expect(await bump(tx, { key })).toEqual([{ count: 2 }]);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await countOf(ctx.db, { key })).toEqual([]);
  });

  it('runs on the pool after a transaction, with new values each time', async () => {
    await ctx.db.insert(rateLimitCounters).values([
      { key: 'built-once:a', windowStart: new Date(), count: 5 },
      { key: 'built-once:b', windowStart: new Date(), count: 7 },
    ]);
    await ctx.db.transaction(async (tx) => {
      expect(await bump(tx, { key: 'built-once:a' })).toEqual([{ count: 6 }]);
    });
    expect(await bump(ctx.db, { key: 'built-once:b' })).toEqual([{ count: 8 }]);
    expect(await countOf(ctx.db, { key: 'built-once:a' })).toEqual([{ count: 6 }]);
  });
});
