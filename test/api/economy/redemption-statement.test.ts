/**
 * Decision 329: a redemption is the benefit's read and ONE call of jobby_redeem, which commits as it
 * ends — unless it is made inside another transaction (as the demo seed does): then it leaves
 * committing to that one, and when the outer transaction rolls back nothing of the redemption stays.
 * A refusal there leaves the outer transaction usable. What only the function knows — the transfer's
 * id, the wallet's balance after — reaches the transfer row, the outbox's event and the answer.
 * The tests hold on both databases.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { loadActorRow, toActor } from '#server/actor';
import { companyBenefits, domainEvents, ledgerTransfers, redemptions } from '#server/db/schema';
import { redeemBenefit } from '#server/modules/redemptions/service';
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

describe('what jobby_redeem writes of its own', () => {
  it('gives the transfer row its id and balances, the tokens.moved event the same id, and the answer the balance after', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Merienda', tokenCost: 3, availableTokens: 10 });
    const userId = await createUser(ctx.db, { email: 'escrita@anidada.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'company', 10);
    const actor = toActor((await loadActorRow(ctx.db, userId))!);

    const outcome = await redeemBenefit(ctx.db, { kind: 'company', benefitId: benefit.id }, actor, 'clave-escrita');

    expect(outcome.status).toBe(200);
    const body = outcome.body as { redemptionId: string; balances: { company: number } };
    expect(body.balances.company).toBe(7);
    const [transfer] = await ctx.db
      .select({ id: ledgerTransfers.id, before: ledgerTransfers.balanceBefore, after: ledgerTransfers.balanceAfter, createdAt: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.redemptionId, body.redemptionId));
    expect(transfer).toMatchObject({ before: 10, after: 7 });
    expect(transfer.createdAt).toBeInstanceOf(Date);
    const moved = await ctx.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'tokens.moved'), eq(domainEvents.payload, { transfers: [{ transferId: transfer.id, kind: 'spend', userId, companyId, tokenType: 'company', delta: -3, reason: 'Canje: Merienda' }] })));
    expect(moved).toHaveLength(1);
  });
});

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

  it('refuses inside it without breaking it: the outer transaction goes on and commits', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Postre', tokenCost: 50, availableTokens: 5 });
    const userId = await createUser(ctx.db, { email: 'anidada3@anidada.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'company', 10);
    const actor = toActor((await loadActorRow(ctx.db, userId))!);

    const refused = await ctx.db.transaction(async (outer) => {
      const outcome = await redeemBenefit(outer, { kind: 'company', benefitId: benefit.id }, actor, undefined);
      await outer.update(companyBenefits).set({ title: 'Postre del día' }).where(eq(companyBenefits.id, benefit.id));
      return outcome;
    });

    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'INSUFFICIENT_COMPANY_TOKENS' } });
    const [after] = await ctx.db.select({ title: companyBenefits.title, stock: companyBenefits.availableTokens }).from(companyBenefits).where(eq(companyBenefits.id, benefit.id));
    expect(after).toEqual({ title: 'Postre del día', stock: 5 });
  });
});

/**
 * What reaches the driver, counted at pg.Client's own query(); PostgreSQL only. With or without an
 * Idempotency-Key, a redemption is two statements: the benefit's read and jobby_redeem's call.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a redemption on PostgreSQL', () => {
  it('sends the benefit read and one call of jobby_redeem, with a key and without', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Café', tokenCost: 1, availableTokens: 10, limitPerUser: 5 });
    const userId = await createUser(ctx.db, { email: 'contada@anidada.cl', companyId });
    await fund(ctx.db, { userId, companyId }, 'company', 10);
    const actor = toActor((await loadActorRow(ctx.db, userId))!);
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const [config] = args as [string | { text: string }];
      sent.push(typeof config === 'string' ? config : config.text);
      return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    let outcomes: number[];
    try {
      outcomes = [
        (await redeemBenefit(ctx.db, { kind: 'company', benefitId: benefit.id }, actor, undefined)).status,
        (await redeemBenefit(ctx.db, { kind: 'company', benefitId: benefit.id }, actor, 'una-clave')).status,
      ];
    } finally {
      spy.mockRestore();
    }
    expect(outcomes).toEqual([200, 200]);
    expect(sent.map((text) => (text.startsWith('select jobby_redeem(') ? 'jobby_redeem' : text.startsWith('select') ? 'read' : text))).toEqual([
      'read',
      'jobby_redeem',
      'read',
      'jobby_redeem',
    ]);
    expect((await balancesOf(ctx.db, userId)).company).toBe(8);
  });
});
