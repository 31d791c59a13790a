/**
 * Redemptions racing each other (ARCHITECTURE §4 "No read-then-write races"), on 40 real PostgreSQL
 * connections, where a lost update, an overdraft or a deadlock would show. On PGlite one connection
 * interleaves the requests, so nothing races and the file is skipped (decision 382).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { benefitCodes, companyBenefits, companyBenefitUserCounts } from '#server/db/schema';
import { createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceDescribe } from '../../support/race';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, employee, fund, ledgerViolations, poster, requestsOf } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  companyId = await createCompany(ctx.db, 'Carrera');
});
afterAll(async () => ctx.close());

const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

raceDescribe('one employee, 200 redemptions at once, a balance for 10', () => {
  it('lets exactly 10 through, refuses 190 with the spec message, and keeps the ledger balanced', async () => {
    const ana = await employee(ctx, 'ana@carrera.cl', companyId);
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Café', tokenCost: 1, stockRemaining: null });
    await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 10);

    const responses = await Promise.all(
      Array.from({ length: 200 }, () => post('/api/redemptions', ana.cookie, { kind: 'platform', benefitId: benefit.id })),
    );

    expect(statusCounts(responses.map((r) => r.statusCode))).toEqual({ 200: 10, 409: 190 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error).toEqual({
        code: 'INSUFFICIENT_JOBBY_TOKENS',
        message: 'No tienes suficientes tokens Jobby. Necesitas 1 token, pero solo tienes 0.',
      });
    }
    const remaining = responses.filter((r) => r.statusCode === 200).map((r) => r.json().balances.jobby as number);
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await balancesOf(ctx.db, ana.id)).jobby).toBe(0);
    expect(await requestsOf(ctx.db, ana.id)).toHaveLength(10);
    expect(await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.userId, ana.id))).toHaveLength(10);

    const violations = await ledgerViolations(ctx.db);
    expect(violations.accountCount).toBeGreaterThanOrEqual(3);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
  });
});

raceDescribe('100 employees, a company benefit with 5 units', () => {
  it('sells exactly 5 and ends with no stock', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Entrada al concierto', tokenCost: 2, availableTokens: 5, limitPerUser: 1 });
    const ids = await Promise.all(Array.from({ length: 100 }, (_, i) => createUser(ctx.db, { email: `fan${i}@carrera.cl`, companyId })));
    for (const id of ids) await fund(ctx.db, { userId: id, companyId }, 'company', 5);
    const cookies = await Promise.all(ids.map((_, i) => signIn(ctx.app, `fan${i}@carrera.cl`)));

    const responses = await Promise.all(cookies.map((cookie) => post('/api/redemptions', cookie, { kind: 'company', benefitId: benefit.id })));

    expect(statusCounts(responses.map((r) => r.statusCode))).toEqual({ 200: 5, 409: 95 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe('Este beneficio está agotado');
    }
    const [after] = await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, benefit.id));
    expect(after.availableTokens).toBe(0);
    const balances = await Promise.all(ids.map((id) => balancesOf(ctx.db, id)));
    expect(balances.filter((b) => b.company === 3)).toHaveLength(5);
    expect(balances.filter((b) => b.company === 5)).toHaveLength(95);
    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
  });
});

raceDescribe('a company benefit with limitPerUser 1, redeemed twice at once', () => {
  it('is redeemed exactly once and charged once', async () => {
    const leo = await employee(ctx, 'leo@carrera.cl', companyId);
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Día libre', tokenCost: 3, availableTokens: 50, limitPerUser: 1 });
    await fund(ctx.db, { userId: leo.id, companyId }, 'company', 10);

    const responses = await Promise.all([1, 2].map(() => post('/api/redemptions', leo.cookie, { kind: 'company', benefitId: benefit.id })));

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().error).toEqual({ code: 'ALREADY_REDEEMED', message: 'Ya canjeado' });
    expect((await balancesOf(ctx.db, leo.id)).company).toBe(7);
    const [count] = await ctx.db
      .select()
      .from(companyBenefitUserCounts)
      .where(and(eq(companyBenefitUserCounts.benefitId, benefit.id), eq(companyBenefitUserCounts.userId, leo.id)));
    expect(count.count).toBe(1);
    const [after] = await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, benefit.id));
    expect(after.availableTokens).toBe(49);
  });
});

raceDescribe('redemptions, removals and assignments on the same wallets at once', () => {
  it('answers every call with a business outcome (no deadlock, no 500) and keeps the ledger balanced', async () => {
    const admin = await employee(ctx, 'root@jobby.cl', null, 1);
    const hr = await employee(ctx, 'admin@carrera.cl', companyId, 2);
    const people = await Promise.all(['p1', 'p2', 'p3'].map((name) => employee(ctx, `${name}@carrera.cl`, companyId)));
    for (const p of people) {
      await fund(ctx.db, { userId: p.id, companyId }, 'jobby', 20);
      await fund(ctx.db, { userId: p.id, companyId }, 'company', 20);
    }
    const platform = await createPlatformBenefit(ctx.db, { tokenCost: 2, stockRemaining: 30 });
    const internal = await createCompanyBenefit(ctx.db, companyId, { tokenCost: 3, availableTokens: 20, limitPerUser: 4 });
    const ids = people.map((p) => p.id);

    const calls = Array.from({ length: 120 }, (_, i) => {
      const p = people[i % people.length];
      switch (i % 5) {
        case 0:
          return post('/api/redemptions', p.cookie, { kind: 'platform', benefitId: platform.id });
        case 1:
          return post('/api/redemptions', p.cookie, { kind: 'company', benefitId: internal.id });
        case 2:
          return post('/api/admin/tokens/remove', admin.cookie, { userId: p.id, amount: 3 });
        case 3:
          return post('/api/admin/tokens/add', admin.cookie, { userId: p.id, amount: 1 });
        default:
          return post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [...ids].reverse(), amount: 1 });
      }
    });
    const responses = await Promise.all(calls);

    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([200, 409]));
    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
    const [after] = await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, internal.id));
    const counts = await ctx.db.select().from(companyBenefitUserCounts).where(eq(companyBenefitUserCounts.benefitId, internal.id));
    expect(after.availableTokens + counts.reduce((sum, c) => sum + c.count, 0)).toBe(20);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((c) => c.count <= 4)).toBe(true);
  });
});

raceDescribe('rejections racing redemptions of the same benefit', () => {
  it('never deadlocks: every call gets a business answer and the ledger stays balanced', async () => {
    const hr = await employee(ctx, 'rrhh@carrera.cl', companyId, 2);
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Masaje', tokenCost: 1, availableTokens: 500, limitPerUser: 10, requiresApproval: true });
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => createUser(ctx.db, { email: `spa${i}@carrera.cl`, companyId })));
    for (const id of ids) await fund(ctx.db, { userId: id, companyId }, 'company', 5);
    const cookies = await Promise.all(ids.map((_, i) => signIn(ctx.app, `spa${i}@carrera.cl`)));
    const redeem = (cookie: string) => post('/api/redemptions', cookie, { kind: 'company', benefitId: benefit.id });

    const pending = await Promise.all(cookies.map(redeem));
    expect(pending.map((r) => [r.statusCode, r.json().status])).toEqual(ids.map(() => [200, 'pending']));

    const responses = await Promise.all([
      ...pending.map((r) => post(`/api/requests/${r.json().requestId}/reject`, hr.cookie, {})),
      ...cookies.map(redeem),
      ...cookies.map(redeem),
    ]);
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    expect(responses).toHaveLength(ids.length * 3);

    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
  });
});

raceDescribe('bulk assignments in opposite orders racing single assignments and redemptions', () => {
  it('never deadlocks: every call is answered 200 and the ledger stays balanced', async () => {
    const hr = await employee(ctx, 'jefa@carrera.cl', companyId, 2);
    const people = await Promise.all(['b1', 'b2', 'b3', 'b4'].map((name) => employee(ctx, `${name}@carrera.cl`, companyId)));
    for (const p of people) await fund(ctx.db, { userId: p.id, companyId }, 'company', 50);
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Fruta', tokenCost: 1, availableTokens: 1000, limitPerUser: 1000 });
    const ids = people.map((p) => p.id);

    // Each bulk call holds several wallets and the company's issuance account at once; a single
    // assignment holds one wallet and that issuance account; a redemption holds a wallet and the
    // company's spend account. Taken in different orders by different calls, they would deadlock.
    const calls = Array.from({ length: 60 }, (_, i) => {
      const p = people[i % people.length];
      switch (i % 4) {
        case 0:
          return post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: ids, amount: 1 });
        case 1:
          return post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [...ids].reverse(), amount: 1 });
        case 2:
          return post('/api/company/tokens/assign', hr.cookie, { userId: p.id, amount: 1 });
        default:
          return post('/api/redemptions', p.cookie, { kind: 'company', benefitId: benefit.id });
      }
    });
    const responses = await Promise.all(calls);

    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
    // 30 bulk calls × 1 token + 15 single assignments − 15 redemptions of 1 token, spread over the 4.
    const balances = await Promise.all(ids.map((id) => balancesOf(ctx.db, id)));
    expect(balances.reduce((sum, b) => sum + b.company, 0)).toBe(4 * 50 + 30 * 4 + 15 - 15);
  });
});
