/**
 * The keys that name a benefit are checked at COMMIT (decision 342): still enforced, but no longer a
 * lock on the benefit's row taken while another redemption holds it for its unit of stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, createUser, type TestContext } from '../../support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type KeyRow = { conname: string; condeferrable: boolean; condeferred: boolean };

describe('the keys that name a benefit', () => {
  it('are the eight of the requests, redemptions, codes and per-person counts, each checked at COMMIT', async () => {
    const result = (await ctx.db.execute(sql`select conname, condeferrable, condeferred from pg_constraint
      where contype = 'f' and confrelid in ('company_benefits'::regclass, 'platform_benefits'::regclass)
        and conrelid in ('benefit_requests'::regclass, 'redemptions'::regclass, 'benefit_codes'::regclass,
                         'company_benefit_user_counts'::regclass, 'platform_benefit_user_counts'::regclass)
      order by conname`)) as unknown as { rows: KeyRow[] };
    expect(result.rows).toHaveLength(8);
    expect(result.rows.filter((key) => !key.condeferrable || !key.condeferred)).toEqual([]);
  });

  it('still refuse a row that names a benefit that does not exist', async () => {
    const userId = await createUser(ctx.db, { email: 'sin-beneficio@test.cl', level: 3 });
    const insert = ctx.db.execute(sql`insert into company_benefit_user_counts (benefit_id, user_id, count) values (gen_random_uuid(), ${userId}, 1)`);
    await expect(insert).rejects.toMatchObject({ cause: { code: '23503' } });
  });
});
