/**
 * The per-company, per-level tallies behind level 1's user counts (decision 111): a trigger keeps them
 * equal to a count of the accounts through concurrent creations, level and company changes and
 * deletions, and the screens' figures come from them.
 * The changes one after another everywhere; at once only on PostgreSQL, where they race (decision 382).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users, userTallies } from '#server/db/schema';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Tallies and a GROUP BY of users, both as "company|level" → count (zero rows left out). */
async function talliesAndCounts() {
  const key = (companyId: string | null, level: number | null) => `${companyId ?? '-'}|${level ?? '-'}`;
  const tallies = await ctx.db.select().from(userTallies);
  const counts = await ctx.db
    .select({ companyId: users.companyId, level: users.level, n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .groupBy(users.companyId, users.level);
  return {
    tallies: Object.fromEntries(tallies.filter((t) => t.users !== 0).map((t) => [key(t.companyId, t.level), t.users])),
    counts: Object.fromEntries(counts.map((c) => [key(c.companyId, c.level), c.n])),
  };
}

describe('user tallies', () => {
  const afterChanges = (together: boolean) => async () => {
    const tag = together ? '' : 's';
    /** Each of `changes`, at once or one after another. */
    const run = async <T>(changes: Array<() => Promise<T>>): Promise<T[]> => {
      if (together) return Promise.all(changes.map((change) => change()));
      const results: T[] = [];
      for (const change of changes) results.push(await change());
      return results;
    };
    const [a, b] = [await createCompany(ctx.db, `Tally A${tag}`), await createCompany(ctx.db, `Tally B${tag}`)];
    const companyOf = (i: number) => (i % 3 === 0 ? null : i % 2 ? a : b);
    const ids = await run(
      Array.from({ length: 24 }, (_, i) => () => createUser(ctx.db, { email: `t${i}${tag}@tally.cl`, companyId: companyOf(i), level: i % 5 === 0 ? null : ((i % 4) + 1) as 1 | 2 | 3 | 4 })),
    );
    const before = await talliesAndCounts();
    expect(Object.keys(before.counts).length).toBeGreaterThan(3);
    expect(before.tallies).toEqual(before.counts);

    // Deletions, level changes, leaving the company, and moves between A and B in both directions at once.
    const change = (i: number) => (i % 8 === 1 ? { level: 3 } : i % 8 === 5 ? { level: null, companyId: null } : { companyId: companyOf(i) === a ? b : a });
    await run(ids.map((id, i) => async () => void (i % 4 === 0 ? await ctx.db.delete(users).where(eq(users.id, id)) : await ctx.db.update(users).set(change(i)).where(eq(users.id, id)))));
    const after = await talliesAndCounts();
    expect(after.counts).not.toEqual(before.counts);
    expect(after.tallies).toEqual(after.counts);
  };
  it('equal a count of the accounts after creations, moves between levels and companies, and deletions one after another', afterChanges(false));
  raceTest('equal a count of the accounts after concurrent creations, moves between levels and companies, and deletions', afterChanges(true));
});
