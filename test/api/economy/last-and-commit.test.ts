/**
 * Decision 323: a redemption's final statement carries its COMMIT on PostgreSQL — but only when the
 * redemption's transaction is the connection's own. Made inside another transaction (as the demo
 * seed does), it must leave committing to that one: when the outer transaction rolls back, nothing
 * of the redemption stays. On PGlite the statement never commits early; the test holds on both.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { runLastAndCommit } from '../../../src/server/db/client';
import { loadActorRow, toActor } from '../../../src/server/actor';
import { companyBenefits, redemptions } from '../../../src/server/db/schema';
import { redeemBenefit } from '../../../src/server/modules/redemptions/service';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, fund } from './ledger-fixtures';

let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Anidada');
});
afterAll(async () => ctx.close());

class RolledBack extends Error {}

describe('a redemption inside another transaction', () => {
  it('is undone with it: no redemption, no payment, the unit of stock still there', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Almuerzo', tokenCost: 3, availableTokens: 10 });
    const userId = await createUser(ctx.db, { email: 'anidada@anidada.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'company', 10);
    const actor = toActor((await loadActorRow(ctx.db, userId))!);

    let answered = 0;
    await expect(
      ctx.db.transaction(async (outer) => {
        const outcome = await redeemBenefit(outer, { kind: 'company', benefitId: benefit.id }, actor, undefined);
        answered = outcome.status;
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);

    expect(answered).toBe(200);
    expect(await ctx.db.select().from(redemptions).where(eq(redemptions.userId, userId))).toEqual([]);
    expect((await balancesOf(ctx.db, userId)).company).toBe(10);
    const [after] = await ctx.db.select({ stock: companyBenefits.availableTokens }).from(companyBenefits).where(eq(companyBenefits.id, benefit.id));
    expect(after.stock).toBe(10);
  });

  it('commits with its outer transaction when that one commits', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Cena', tokenCost: 2, availableTokens: 5 });
    const userId = await createUser(ctx.db, { email: 'anidada2@anidada.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'company', 10);
    const actor = toActor((await loadActorRow(ctx.db, userId))!);

    await ctx.db.transaction(async (outer) => {
      await redeemBenefit(outer, { kind: 'company', benefitId: benefit.id }, actor, undefined);
    });

    expect(await ctx.db.select().from(redemptions).where(eq(redemptions.userId, userId))).toHaveLength(1);
    expect((await balancesOf(ctx.db, userId)).company).toBe(8);
  });
});

/**
 * Decision 326: once the final statement has carried the COMMIT, the transaction's own COMMIT (which
 * drizzle sends after it) has nothing to end; the connection answers it without a round trip. What
 * reaches the driver is counted at pg.Client's own query(); PostgreSQL only.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a transaction whose final statement committed it', () => {
  it('sends BEGIN and the final statement with its COMMIT, and no COMMIT after them', async () => {
    const marker = `final_${Date.now()}`;
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [config] = args as [string | { text: string }];
      sent.push(typeof config === 'string' ? config : config.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      await ctx.db.transaction(async (tx) => {
        await runLastAndCommit(tx, sql`select ${marker}::text as marker`);
      });
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual(['begin', `select '${marker}'::text as marker;\ncommit`]);
  });
});
