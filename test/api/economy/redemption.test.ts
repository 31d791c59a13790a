/** POST /api/redemptions and GET /api/requests/mine: rules, request statuses, what is stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefitRequests, companies, ledgerAccounts, ledgerTransfers, platformBenefits, redemptions } from '#server/db/schema';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import {
  balancesOf,
  createCompanyBenefit,
  createPlatformBenefit,
  economySnapshot,
  employee,
  fund,
  getter,
  poster,
  type EmployeeSession,
} from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyId: string;
let otherCompanyId: string;
let ana: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyId = await createCompany(ctx.db, 'Canje');
  otherCompanyId = await createCompany(ctx.db, 'Vecina');
  ana = await employee(ctx, 'ana@canje.cl', companyId);
  await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 1000);
  await fund(ctx.db, { userId: ana.id, companyId }, 'company', 1000);
});
afterAll(async () => ctx.close());

const redeem = (who: EmployeeSession, body: Record<string, unknown>) => post('/api/redemptions', who.cookie, body);

describe('what a redemption creates, by benefit type (spec part 2 §4)', () => {
  it('approves an automatic platform benefit at once with a code, adminId system and the caller fields', async () => {
    const providerId = await createUser(ctx.db, { email: 'cafe@jobby.sup', level: 4 });
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Café de grano', type: 'automatic', tokenCost: 3, stockRemaining: 10, providerUserId: providerId });
    const before = await balancesOf(ctx.db, ana.id);

    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id, comments: 'Sin azúcar', productLink: 'https://tienda.cl/cafe' });

    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ status: 'approved', tokenType: 'jobby', tokenCost: 3, balances: { jobby: before.jobby - 3, company: before.company } });
    expect(result.code.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(result.code.status).toBe('active');
    const [request] = await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.id, result.requestId));
    expect(request).toMatchObject({
      status: 'approved',
      adminId: 'system',
      benefitName: 'Café de grano',
      benefitType: 'automatic',
      isBenefitJobby: true,
      tokenCost: 3,
      userEmail: 'ana@canje.cl',
      userName: 'ana',
      comments: 'Sin azúcar',
      // A product link belongs to third-party benefits only: an automatic one drops it.
      productLink: null,
      companyId,
    });
    expect(request.processedDate).not.toBeNull();
    const [redemption] = await ctx.db.select().from(redemptions).where(eq(redemptions.id, result.redemptionId));
    expect(redemption).toMatchObject({ status: 'redeemed', requestId: result.requestId, tokenCost: 3, isBenefitJobby: true, companyId: null });
    const [stock] = await ctx.db.select({ stock: platformBenefits.stockRemaining }).from(platformBenefits).where(eq(platformBenefits.id, benefit.id));
    expect(stock.stock).toBe(9);
    // The linked provider's account receives what was spent, with a 'used' history entry on the wallet.
    const [providerAccount] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, `provider:${providerId}`));
    expect(providerAccount.balance).toBe(3);
    const [spend] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.requestId, result.requestId));
    expect(spend).toMatchObject({ kind: 'spend', amount: 3, redemptionId: result.redemptionId, benefitId: benefit.id, balanceBefore: before.jobby, balanceAfter: before.jobby - 3 });
  });

  it.each([
    ['managed', 'pending_provider_approval'],
    ['third_party', 'pending_admin_approval'],
  ] as const)('leaves a %s platform benefit %s without a code', async (type, status) => {
    const benefit = await createPlatformBenefit(ctx.db, { type, tokenCost: 2 });
    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status, code: null });
    const [request] = await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.id, res.json().requestId));
    expect(request).toMatchObject({ status, adminId: null, processedDate: null });
  });

  it('approves a company benefit at once, and leaves one that requires approval pending for HR', async () => {
    const direct = await createCompanyBenefit(ctx.db, companyId, { title: 'Almuerzo de equipo', tokenCost: 2 });
    const withApproval = await createCompanyBenefit(ctx.db, companyId, { title: 'Día de cumpleaños', tokenCost: 5, requiresApproval: true });
    const before = await balancesOf(ctx.db, ana.id);

    const approved = await redeem(ana, { kind: 'company', benefitId: direct.id });
    const pending = await redeem(ana, { kind: 'company', benefitId: withApproval.id });

    expect(approved.json()).toMatchObject({ status: 'approved', tokenType: 'company', tokenCost: 2 });
    expect(approved.json().code.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(pending.json()).toMatchObject({ status: 'pending', code: null, balances: { company: before.company - 7, jobby: before.jobby } });
    const [redemption] = await ctx.db.select().from(redemptions).where(eq(redemptions.id, approved.json().redemptionId));
    expect(redemption.companyId).toBe(companyId);
    const [spentAccount] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, `company:${companyId}:spent`));
    expect(spentAccount.balance).toBeGreaterThanOrEqual(7);
  });
});

describe('the price and the availability come from the database (item 5)', () => {
  it('ignores a client-sent tokenCost or cost', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { tokenCost: 7 });
    const before = await balancesOf(ctx.db, ana.id);
    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id, tokenCost: 0, cost: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().tokenCost).toBe(7);
    expect((await balancesOf(ctx.db, ana.id)).jobby).toBe(before.jobby - 7);
  });

  it('refuses an inactive platform benefit and changes nothing', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { status: 'inactive' });
    const before = await economySnapshot(ctx.db);
    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'BENEFIT_UNAVAILABLE', message: 'Este beneficio no está disponible' });
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it('refuses an inactive company benefit', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { status: 'inactive' });
    const res = await redeem(ana, { kind: 'company', benefitId: benefit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BENEFIT_UNAVAILABLE');
  });

  it.each([
    ['not started yet', { startDate: '2099-01-01' }],
    ['already ended', { endDate: '2000-12-31' }],
  ])('refuses a company benefit %s', async (_label, dates) => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, dates);
    const before = await economySnapshot(ctx.db);
    const res = await redeem(ana, { kind: 'company', benefitId: benefit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este beneficio no está disponible');
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it("answers 404 for another company's benefit and changes nothing", async () => {
    const foreign = await createCompanyBenefit(ctx.db, otherCompanyId);
    const before = await economySnapshot(ctx.db);
    const res = await redeem(ana, { kind: 'company', benefitId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'BENEFIT_NOT_FOUND', message: 'Beneficio no encontrado' });
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it('answers 404 for a company benefit id sent as a platform one', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId);
    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a sold-out platform benefit with the stock message', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { stockRemaining: 1 });
    expect((await redeem(ana, { kind: 'platform', benefitId: benefit.id })).statusCode).toBe(200);
    const res = await redeem(ana, { kind: 'platform', benefitId: benefit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'BENEFIT_OUT_OF_STOCK', message: 'Este beneficio está agotado' });
  });

  it('refuses the employees of an inactive company, for company and platform benefits alike', async () => {
    const closedId = await createCompany(ctx.db, 'Cerrada');
    const leo = await employee(ctx, 'leo@cerrada.cl', closedId);
    await fund(ctx.db, { userId: leo.id, companyId: closedId }, 'jobby', 10);
    await fund(ctx.db, { userId: leo.id, companyId: closedId }, 'company', 10);
    const companyBenefit = await createCompanyBenefit(ctx.db, closedId);
    const platformBenefit = await createPlatformBenefit(ctx.db);
    await ctx.db.update(companies).set({ status: 'inactive' }).where(eq(companies.id, closedId));
    const before = await economySnapshot(ctx.db);

    for (const body of [{ kind: 'company', benefitId: companyBenefit.id }, { kind: 'platform', benefitId: platformBenefit.id }]) {
      const res = await redeem(leo, body);
      expect(res.statusCode).toBe(403);
      // The access hook refuses every change by people of an inactive company before the service does.
      expect(res.json().error).toEqual({ code: 'COMPANY_INACTIVE', message: 'Tu empresa está inactiva: puedes consultar tu información, pero no realizar cambios.' });
    }
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it('tells how many company tokens are missing, and the refusal keeps no stock unit or count', async () => {
    const poor = await employee(ctx, 'poco@canje.cl', companyId);
    await fund(ctx.db, { userId: poor.id, companyId }, 'company', 2);
    const benefit = await createCompanyBenefit(ctx.db, companyId, { tokenCost: 5, availableTokens: 1, limitPerUser: 1 });
    const res = await redeem(poor, { kind: 'company', benefitId: benefit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('No tienes suficientes tokens de empresa. Necesitas 5 tokens, pero solo tienes 2.');

    await fund(ctx.db, { userId: poor.id, companyId }, 'company', 3);
    const retry = await redeem(poor, { kind: 'company', benefitId: benefit.id });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().balances.company).toBe(0);
  });

  it('lets an employee without a company redeem platform benefits only', async () => {
    const solo = await employee(ctx, 'solo@independiente.cl', null);
    await fund(ctx.db, { userId: solo.id, companyId: null }, 'jobby', 5);
    const platform = await createPlatformBenefit(ctx.db, { tokenCost: 1 });
    const company = await createCompanyBenefit(ctx.db, companyId);
    expect((await redeem(solo, { kind: 'platform', benefitId: platform.id })).statusCode).toBe(200);
    expect((await redeem(solo, { kind: 'company', benefitId: company.id })).statusCode).toBe(404);
  });

  it('validates the body with Spanish messages', async () => {
    const res = await redeem(ana, { kind: 'regalo', benefitId: 'no-es-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});

describe('GET /api/requests/mine', () => {
  it('lists only the own requests, newest first, with codes, tabs and paging', async () => {
    const eva = await employee(ctx, 'eva@canje.cl', companyId);
    await fund(ctx.db, { userId: eva.id, companyId }, 'jobby', 50);
    const automatic = await createPlatformBenefit(ctx.db, { title: 'Automático', type: 'automatic' });
    const managed = await createPlatformBenefit(ctx.db, { title: 'Gestionado', type: 'managed' });
    const thirdParty = await createPlatformBenefit(ctx.db, { title: 'Tercero', type: 'third_party' });
    const first = await redeem(eva, { kind: 'platform', benefitId: automatic.id });
    await redeem(eva, { kind: 'platform', benefitId: managed.id });
    await redeem(eva, { kind: 'platform', benefitId: thirdParty.id });

    const all = (await get('/api/requests/mine', eva.cookie)).json();
    expect(all.total).toBe(3);
    expect(all.pendingCount).toBe(2);
    expect(all.items.map((r: { benefitName: string }) => r.benefitName)).toEqual(['Tercero', 'Gestionado', 'Automático']);
    expect(all.items.every((r: { userId: string }) => r.userId === eva.id)).toBe(true);
    expect(all.items[2].code).toEqual({ code: first.json().code.code, status: 'active', expiresAt: first.json().code.expiresAt, usedAt: null, providerName: null, providerAddress: null, providerInstructions: null });
    expect(all.items[0].code).toBeNull();

    const pending = (await get('/api/requests/mine?filter=pending', eva.cookie)).json();
    expect(pending.total).toBe(2);
    expect(pending.items.map((r: { status: string }) => r.status).sort()).toEqual(['pending_admin_approval', 'pending_provider_approval']);

    const page = (await get('/api/requests/mine?limit=1&offset=1', eva.cookie)).json();
    expect(page.total).toBe(3);
    expect(page.items.map((r: { benefitName: string }) => r.benefitName)).toEqual(['Gestionado']);

    expect((await get('/api/requests/mine?limit=101', eva.cookie)).statusCode).toBe(400);
  });
});
