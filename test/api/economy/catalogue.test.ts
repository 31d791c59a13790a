/** GET /api/catalogue: what an employee sees and whether each item can be redeemed now. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '#server/db/schema';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { createCompanyBenefit, createPlatformBenefit, employee, fund, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let companyId: string;
let otherCompanyId: string;
let ana: EmployeeSession;

type Item = { id: string; kind: string; canRedeem: boolean; blockedReason: string | null; remaining: number | null; redeemedCount: number; limitPerUser: number | null };

/** A date in Santiago, `days` from today, as HR types it. */
function santiagoDate(days: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  post = poster(ctx);
  companyId = await createCompany(ctx.db, 'Vitrina');
  otherCompanyId = await createCompany(ctx.db, 'Ajena');
  ana = await employee(ctx, 'ana@vitrina.cl', companyId);
  await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 5);
  await fund(ctx.db, { userId: ana.id, companyId }, 'company', 3);
});
afterAll(async () => ctx.close());

const catalogue = async (who: EmployeeSession) => {
  const res = await get('/api/catalogue', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { platform: Item[]; company: Item[]; balances: { jobby: number; company: number } };
};
const byId = (items: Item[], id: string) => items.find((item) => item.id === id);

describe('platform benefits', () => {
  it('lists active ones with stock or unlimited, and says when the balance is short', async () => {
    const cheap = await createPlatformBenefit(ctx.db, { title: 'Barato', tokenCost: 5, stockRemaining: 3 });
    const unlimited = await createPlatformBenefit(ctx.db, { title: 'Ilimitado', tokenCost: 1, stockRemaining: null, type: 'managed' });
    const expensive = await createPlatformBenefit(ctx.db, { title: 'Caro', tokenCost: 6 });
    const inactive = await createPlatformBenefit(ctx.db, { title: 'Apagado', status: 'inactive' });
    const soldOut = await createPlatformBenefit(ctx.db, { title: 'Agotado', stockRemaining: 0 });

    const { platform, balances } = await catalogue(ana);

    expect(balances).toEqual({ jobby: 5, company: 3 });
    expect(byId(platform, cheap.id)).toMatchObject({ kind: 'platform', canRedeem: true, blockedReason: null, remaining: 3, limitPerUser: null });
    expect(byId(platform, unlimited.id)).toMatchObject({ canRedeem: true, remaining: null, requiresApproval: true, type: 'managed' });
    expect(byId(platform, expensive.id)).toMatchObject({ canRedeem: false, blockedReason: 'INSUFFICIENT_TOKENS' });
    expect(byId(platform, inactive.id)).toBeUndefined();
    expect(byId(platform, soldOut.id)).toBeUndefined();
  });
});

describe('company benefits', () => {
  it("lists the own company's active benefits inside their Santiago dates, not another company's", async () => {
    const open = await createCompanyBenefit(ctx.db, companyId, { title: 'Abierto' });
    const endsToday = await createCompanyBenefit(ctx.db, companyId, { title: 'Termina hoy', startDate: santiagoDate(-3), endDate: santiagoDate(0) });
    const startsToday = await createCompanyBenefit(ctx.db, companyId, { title: 'Empieza hoy', startDate: santiagoDate(0) });
    const future = await createCompanyBenefit(ctx.db, companyId, { title: 'Futuro', startDate: santiagoDate(2) });
    const past = await createCompanyBenefit(ctx.db, companyId, { title: 'Pasado', endDate: santiagoDate(-2) });
    const inactive = await createCompanyBenefit(ctx.db, companyId, { title: 'Inactivo', status: 'inactive' });
    const foreign = await createCompanyBenefit(ctx.db, otherCompanyId, { title: 'De otra empresa' });

    const { company, platform } = await catalogue(ana);

    for (const shown of [open, endsToday, startsToday]) expect(byId(company, shown.id), shown.title).toBeDefined();
    for (const hidden of [future, past, inactive, foreign]) expect(byId(company, hidden.id), hidden.title).toBeUndefined();
    expect(byId(platform, open.id)).toBeUndefined();
  });

  it("blocks by limit ('Ya canjeado'), by stock and by balance", async () => {
    const once = await createCompanyBenefit(ctx.db, companyId, { title: 'Una vez', tokenCost: 1, limitPerUser: 1, availableTokens: 10 });
    const soldOut = await createCompanyBenefit(ctx.db, companyId, { title: 'Sin cupos', tokenCost: 1, availableTokens: 0 });
    const pricey = await createCompanyBenefit(ctx.db, companyId, { title: 'Costoso', tokenCost: 50 });
    expect((await post('/api/redemptions', ana.cookie, { kind: 'company', benefitId: once.id })).statusCode).toBe(200);

    const { company, balances } = await catalogue(ana);

    expect(balances.company).toBe(2);
    expect(byId(company, once.id)).toMatchObject({ canRedeem: false, blockedReason: 'ALREADY_REDEEMED', redeemedCount: 1, limitPerUser: 1, remaining: 9 });
    expect(byId(company, soldOut.id)).toMatchObject({ canRedeem: false, blockedReason: 'OUT_OF_STOCK', remaining: 0 });
    expect(byId(company, pricey.id)).toMatchObject({ canRedeem: false, blockedReason: 'INSUFFICIENT_TOKENS' });
  });
});

describe('employees without an active company', () => {
  it('shows platform benefits only to an employee without a company', async () => {
    const solo = await employee(ctx, 'solo@sinempresa.cl', null);
    await createCompanyBenefit(ctx.db, companyId);
    const { company, platform } = await catalogue(solo);
    expect(company).toEqual([]);
    expect(platform.length).toBeGreaterThan(0);
  });

  it('shows no company benefits and nothing redeemable to an employee of an inactive company', async () => {
    const closedId = await createCompany(ctx.db, 'Clausurada');
    const leo = await employee(ctx, 'leo@clausurada.cl', closedId);
    await fund(ctx.db, { userId: leo.id, companyId: closedId }, 'jobby', 100);
    await createCompanyBenefit(ctx.db, closedId);
    await ctx.db.update(companies).set({ status: 'inactive' }).where(eq(companies.id, closedId));

    const { company, platform } = await catalogue(leo);

    expect(company).toEqual([]);
    expect(platform.length).toBeGreaterThan(0);
    expect(platform.some((item) => item.canRedeem)).toBe(false);
  });
});
