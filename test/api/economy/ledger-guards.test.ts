/**
 * The ledger guarded by the database itself: a person or company with money history
 * cannot be deleted (the references restrict instead of cascading), and a transfer can be neither
 * rewritten nor erased — whatever code or operator asks, on PGlite and PostgreSQL alike.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitCodes, benefitRequests, companies, ledgerAccounts, ledgerTransfers, redemptions, users } from '#server/db/schema';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { createPlatformBenefit, employee, fund, ledgerViolations, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let person: EmployeeSession;
let companyId: string;

/** The SQLSTATE of a failed statement (drivers wrap it in `cause`). */
async function sqlState(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    throw error;
  }
}

async function historyOf(userId: string) {
  const count = async (table: typeof ledgerTransfers | typeof benefitRequests | typeof benefitCodes | typeof redemptions, column: unknown) =>
    (await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(eq(column as never, userId)))[0].n;
  return {
    users: (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length,
    accounts: (await ctx.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.ownerUserId, userId))).length,
    transfers: await count(ledgerTransfers, ledgerTransfers.walletUserId),
    requests: await count(benefitRequests, benefitRequests.userId),
    codes: await count(benefitCodes, benefitCodes.userId),
    redemptions: await count(redemptions, redemptions.userId),
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Guardas');
  person = await employee(ctx, 'ana@guardas.cl', companyId);
  await fund(ctx.db, { userId: person.id, companyId }, 'jobby', 10);
  await fund(ctx.db, { userId: person.id, companyId }, 'company', 5);
  const benefit = await createPlatformBenefit(ctx.db, { tokenCost: 3 });
  const redeemed = await poster(ctx)('/api/redemptions', person.cookie, { kind: 'platform', benefitId: benefit.id });
  expect(redeemed.statusCode).toBe(200);
});
afterAll(async () => ctx.close());

describe('ledger guarded by the database', () => {
  it('refuses to delete a user with ledger history and keeps all of it', async () => {
    const before = await historyOf(person.id);
    expect(before).toMatchObject({ users: 1, requests: 1, codes: 1, redemptions: 1 });
    expect(before.transfers).toBeGreaterThanOrEqual(3);
    expect(before.accounts).toBe(2);

    // restrict_violation or foreign_key_violation: which reference PostgreSQL checks first varies.
    expect(await sqlState(ctx.db.delete(users).where(eq(users.id, person.id)))).toMatch(/^23(001|503)$/);
    expect(await historyOf(person.id)).toEqual(before);
  });

  it('refuses to delete a company with ledger accounts', async () => {
    expect(await sqlState(ctx.db.delete(companies).where(eq(companies.id, companyId)))).toMatch(/^23(001|503)$/);
    expect(await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))).toHaveLength(1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of ledger_transfers, even to the table\'s owner, leaving the ledger as it was', async () => {
    const before = await ctx.db.select().from(ledgerTransfers).orderBy(ledgerTransfers.id);
    expect(before.length).toBeGreaterThan(0);

    // The owner's connection: the triggers refuse what its privileges allow (the serving role has not
    // even the privileges on PostgreSQL, decision 378: test/api/server/database-roles.test.ts).
    const owner = ctx.owner;
    expect(await sqlState(owner.update(ledgerTransfers).set({ amount: 1000 }).where(eq(ledgerTransfers.id, before[0].id)))).toBe('23001');
    expect(await sqlState(owner.update(ledgerTransfers).set({ createdAt: new Date(0) }))).toBe('23001');
    expect(await sqlState(owner.delete(ledgerTransfers).where(eq(ledgerTransfers.id, before[0].id)))).toBe('23001');
    expect(await sqlState(owner.delete(ledgerTransfers))).toBe('23001');
    expect(await sqlState(owner.execute(sql`truncate ledger_transfers cascade`))).toBe('23001');

    expect(await ctx.db.select().from(ledgerTransfers).orderBy(ledgerTransfers.id)).toEqual(before);
    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
  });

  it('still appends: a new transfer goes through', async () => {
    const before = (await ctx.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length;
    await fund(ctx.db, { userId: person.id, companyId }, 'jobby', 1);
    expect((await ctx.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length).toBe(before + 1);
  });
});
