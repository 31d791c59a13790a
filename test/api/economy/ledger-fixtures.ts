/**
 * Shared set-up for the token-economy API tests: benefits and balances written straight to the
 * database (the API under test is the one being called, not the one preparing the world), and
 * the ledger invariants of ARCHITECTURE §4 read back from the database.
 */
import { eq, sql } from 'drizzle-orm';
import type { TokenType } from '#domain/constants';
import type { Db } from '#server/db/client';
import { benefitRequests, companyBenefits, ledgerAccounts, ledgerTransfers, platformBenefits, users } from '#server/db/schema';
import { accounts, getWalletBalances, transfer, walletFor } from '#server/modules/ledger/service';
import { as, createCompany, createUser, signIn, type TestContext } from '../../support/app';
import { stateSnapshot } from '../../support/snapshot';

/**
 * A platform benefit; repeatable by default (limitPerUser 0, the demo's "coffee"), since these
 * fixtures redeem one benefit many times to test other rules. The per-user limit has its own tests.
 */
export async function createPlatformBenefit(db: Db, values: Partial<typeof platformBenefits.$inferInsert> = {}) {
  const [row] = await db
    .insert(platformBenefits)
    .values({ title: 'Almuerzo', description: 'Un almuerzo', type: 'automatic', tokenCost: 1, stockRemaining: null, limitPerUser: 0, ...values })
    .returning();
  return row;
}

export async function createCompanyBenefit(db: Db, companyId: string, values: Partial<typeof companyBenefits.$inferInsert> = {}) {
  const [row] = await db
    .insert(companyBenefits)
    .values({ companyId, title: 'Tarde libre', description: 'Sal temprano', tokenCost: 1, availableTokens: 1000, limitPerUser: 1000, ...values })
    .returning();
  return row;
}

/** Puts tokens in an employee wallet through the ledger, as an admin or HR grant would. */
export async function fund(db: Db, owner: { userId: string; companyId: string | null }, tokenType: TokenType, amount: number) {
  const wallet = walletFor(tokenType, owner);
  const from = tokenType === 'jobby' ? accounts.platformIssuance() : accounts.companyIssuance(owner.companyId as string);
  await db.transaction((tx) => transfer(tx, { from, to: wallet.account, amount, kind: 'grant', reason: 'prueba', wallet: wallet.wallet }));
}

/** The balances the user's header shows: its flexible wallet and its current company's. */
export async function balancesOf(db: Db, userId: string) {
  const [user] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return getWalletBalances(db, { userId, companyId: user?.companyId ?? null });
}

export type EmployeeSession = { id: string; email: string; cookie: string };

export async function employee(ctx: TestContext, email: string, companyId: string | null, level: 1 | 2 | 3 | 4 = 3): Promise<EmployeeSession> {
  const id = await createUser(ctx.db, { email, companyId, level });
  return { id, email, cookie: await signIn(ctx.app, email) };
}

/**
 * The ledger's invariants, as rows that break them: accounts whose cached balance differs from the
 * sum of their transfers (in − out), and assets whose balances do not sum to zero.
 */
export async function ledgerViolations(db: Db) {
  const mismatched = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.balance} <> coalesce((select sum(case when ${ledgerTransfers.toAccount} = ${ledgerAccounts.id} then ${ledgerTransfers.amount} else -${ledgerTransfers.amount} end) from ${ledgerTransfers} where ${ledgerTransfers.toAccount} = ${ledgerAccounts.id} or ${ledgerTransfers.fromAccount} = ${ledgerAccounts.id}), 0)`,
    );
  const unbalancedAssets = await db
    .select({ asset: ledgerAccounts.asset, sum: sql<number>`sum(${ledgerAccounts.balance})`.mapWith(Number) })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.asset)
    .having(sql`sum(${ledgerAccounts.balance}) <> 0`);
  const [{ accountCount }] = await db.select({ accountCount: sql<number>`count(*)`.mapWith(Number) }).from(ledgerAccounts);
  return { mismatched, unbalancedAssets, accountCount };
}

/** Everything a refused call could change (the shared, whole-row snapshot of test/support). */
export const economySnapshot = stateSnapshot;

export async function requestsOf(db: Db, userId: string) {
  return db.select().from(benefitRequests).where(eq(benefitRequests.userId, userId));
}

/** A JSON POST as the holder of `cookie`, with optional extra headers (Idempotency-Key). */
export function poster(ctx: TestContext) {
  return (url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: as(cookie, headers), payload: payload as object });
}

export function getter(ctx: TestContext) {
  return (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });
}

/**
 * The counter's world of the code tests (codes, look-up): Andes with Ana (level 3, 100 flexible and
 * 100 company tokens), two providers (Café Central, Cine), and three automatic benefits — a platform
 * one of no provider, one of the café, and an Andes one.
 */
export async function counterWorld(ctx: TestContext) {
  const companyId = await createCompany(ctx.db, 'Andes');
  const cafe = await employee(ctx, 'cafe@jobby.sup', null, 4);
  const cinema = await employee(ctx, 'cine@jobby.sup', null, 4);
  const ana = await employee(ctx, 'ana@andes.cl', companyId, 3);
  const lunch = await createPlatformBenefit(ctx.db, { title: 'Almuerzo', type: 'automatic', tokenCost: 1 });
  const lunchOfCafe = await createPlatformBenefit(ctx.db, { title: 'Café de especialidad', type: 'automatic', tokenCost: 1, providerUserId: cafe.id });
  const internal = await createCompanyBenefit(ctx.db, companyId, { title: 'Almuerzo con el equipo', tokenCost: 1, requiresApproval: false });
  await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 100);
  await fund(ctx.db, { userId: ana.id, companyId }, 'company', 100);
  return { companyId, cafe, cinema, ana, lunch, lunchOfCafe, internal };
}
