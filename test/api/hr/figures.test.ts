/**
 * HR's figures (spec part 2 §2): the dashboard, the company-token cards, the 'Uso de Beneficios'
 * chart and the product links — each compared with counts the test computes itself from the rows,
 * with another company's activity in the same database that must not leak in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefitCodes, benefitRequests, users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, employee, fund, type EmployeeSession } from '../economy/ledger-fixtures';

let ctx: TestContext;
let andesId = '';
let hr = '';
let e1: EmployeeSession;
let e2: EmployeeSession;
let provider: EmployeeSession;

const post = (cookie: string, url: string, payload: unknown = {}) => ctx.app.inject({ method: 'POST', url, headers: as(cookie), payload: payload as object });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });

async function redeem(who: EmployeeSession, kind: 'platform' | 'company', benefitId: string, extra: Record<string, unknown> = {}) {
  const res = await post(who.cookie, '/api/redemptions', { kind, benefitId, ...extra });
  if (res.statusCode !== 200) throw new Error(`redemption failed: ${res.body}`);
  return res.json() as { requestId: string; code: { code: string } | null };
}

/** Noon UTC of the 15th of the previous month in Santiago: inside "last month" whatever today is. */
function middleOfPreviousMonth(): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(month === 1 ? year - 1 : year, (month + 10) % 12, 15, 12));
}

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const otraId = await createCompany(ctx.db, 'Otra', { emailDomain: 'otra.cl' });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andesId, name: 'Carolina' });
  hr = await signIn(ctx.app, 'admin@andes.cl');
  e1 = await employee(ctx, 'ana@andes.cl', andesId);
  e2 = await employee(ctx, 'beto@andes.cl', andesId);
  await createUser(ctx.db, { email: 'inactiva@andes.cl', level: 3, companyId: andesId, status: 'inactive' });
  const o1 = await employee(ctx, 'otto@otra.cl', otraId);
  provider = await employee(ctx, 'cine@jobby.sup', null, 4);
  for (const who of [e1, e2]) {
    await fund(ctx.db, { userId: who.id, companyId: andesId }, 'company', 40);
    await fund(ctx.db, { userId: who.id, companyId: andesId }, 'jobby', 40);
  }
  await fund(ctx.db, { userId: o1.id, companyId: otraId }, 'company', 40);
  await fund(ctx.db, { userId: o1.id, companyId: otraId }, 'jobby', 40);
  expect((await post(hr, '/api/company/tokens/assign', { userId: e2.id, amount: 7 })).statusCode).toBe(200);

  const direct = await createCompanyBenefit(ctx.db, andesId, { title: 'Tarde libre', tokenCost: 3 });
  const approval = await createCompanyBenefit(ctx.db, andesId, { title: 'Día libre', tokenCost: 5, requiresApproval: true });
  await createCompanyBenefit(ctx.db, andesId, { title: 'Antiguo', status: 'inactive' });
  const otherBenefit = await createCompanyBenefit(ctx.db, otraId, { title: 'De Otra', tokenCost: 2 });
  const automatic = await createPlatformBenefit(ctx.db, { title: 'Cine', type: 'automatic', providerUserId: provider.id, tokenCost: 2 });
  const thirdParty = await createPlatformBenefit(ctx.db, { title: 'Tienda', type: 'third_party', tokenCost: 2 });
  const managed = await createPlatformBenefit(ctx.db, { title: 'Gestionado', type: 'managed', providerUserId: provider.id, tokenCost: 1 });

  await redeem(e1, 'company', direct.id);
  const approved = await redeem(e1, 'company', approval.id);
  const rejected = await redeem(e1, 'company', approval.id);
  await redeem(e2, 'company', approval.id);
  expect((await post(hr, `/api/requests/${approved.requestId}/approve`)).statusCode).toBe(200);
  expect((await post(hr, `/api/requests/${rejected.requestId}/reject`)).statusCode).toBe(200);
  for (let i = 0; i < 9; i++) await redeem(i % 2 ? e1 : e2, 'platform', thirdParty.id, { productLink: `https://tienda.cl/producto/${i}` });
  // A link sent with another benefit type is not kept (spec part 2 §3: third-party benefits only).
  await redeem(e2, 'platform', automatic.id, { productLink: 'https://tienda.cl/no-se-guarda' });
  const used = await redeem(e2, 'platform', automatic.id);
  expect((await post(provider.cookie, '/api/codes/verify', { code: used.code?.code })).statusCode).toBe(200);
  await redeem(e1, 'platform', managed.id);
  // Another company's activity, which must not show.
  await redeem(o1, 'company', otherBenefit.id);
  await redeem(o1, 'platform', thirdParty.id, { productLink: 'https://tienda.cl/de-otra' });
  // One of Andes's codes was made last month.
  const [someCode] = await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.companyId, andesId)).limit(1);
  await ctx.db.update(benefitCodes).set({ createdAt: middleOfPreviousMonth() }).where(eq(benefitCodes.id, someCode.id));
});
afterAll(async () => ctx.close());

async function andesRows() {
  const requests = await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.companyId, andesId));
  const codes = await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.companyId, andesId));
  const people = await ctx.db.select().from(users).where(eq(users.companyId, andesId));
  return { requests, codes, people };
}

describe('the HR dashboard', () => {
  it('shows the four figures, codes this month against last month and the 5 newest employees, counted independently', async () => {
    const res = await get(hr, '/api/company/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const { requests, codes, people } = await andesRows();
    const previousMonth = middleOfPreviousMonth().getTime();
    expect(body.adminName).toBe('Carolina');
    expect(body.company.name).toBe('Andes');
    expect(body.stats).toEqual({
      users: people.filter((u) => u.level === 2 || u.level === 3).length,
      activeBenefits: 2,
      pendingRequests: requests.filter((r) => r.companyBenefitId && r.status.startsWith('pending')).length,
      activeCodes: codes.filter((c) => c.status === 'active' && c.expiresAt.getTime() > Date.now()).length,
      codesThisMonth: codes.filter((c) => c.createdAt.getTime() !== previousMonth).length,
      codesPreviousMonth: 1,
    });
    expect(body.stats.pendingRequests).toBe(1);
    expect(body.recentUsers.map((u: { email: string }) => u.email).sort()).toEqual(['ana@andes.cl', 'beto@andes.cl', 'inactiva@andes.cl']);
  });
});

describe('the company-token figures', () => {
  it('match the balances and the spending of the company employees', async () => {
    const res = await get(hr, '/api/company/tokens/stats');
    expect(res.statusCode).toBe(200);
    const { requests, people } = await andesRows();
    const employees = people.filter((u) => u.level === 3);
    let available = 0;
    for (const person of employees) available += (await balancesOf(ctx.db, person.id)).company;
    const spent = requests.filter((r) => r.companyBenefitId && r.status !== 'rejected').reduce((sum, r) => sum + r.tokenCost, 0);
    expect(res.json()).toEqual({
      available,
      used: spent,
      activeUsers: employees.filter((u) => u.status === 'active').length,
      totalEmployees: employees.length,
      averagePerUser: Math.round((available / employees.length) * 10) / 10,
    });
    expect(available).toBe(40 + 40 + 7 - spent);
  });
});

describe('the benefits overview', () => {
  it("charts both series from the company's requests, pending / approved / rejected / used", async () => {
    const res = await get(hr, '/api/company/benefits/overview');
    expect(res.statusCode).toBe(200);
    const { requests, codes } = await andesRows();
    const groupOf = (r: (typeof requests)[number]) => {
      if (r.status.startsWith('pending')) return 'pending';
      if (r.status === 'rejected') return 'rejected';
      return codes.find((c) => c.requestId === r.id)?.status === 'used' ? 'used' : 'approved';
    };
    const expected = ['pending', 'approved', 'rejected', 'used'].map((group) => ({
      group,
      platform: requests.filter((r) => r.platformBenefitId && groupOf(r) === group).length,
      company: requests.filter((r) => r.companyBenefitId && groupOf(r) === group).length,
    }));
    expect(res.json().usage).toEqual(expected);
    // Both series carry real numbers.
    expect(expected.find((g) => g.group === 'used')?.platform).toBe(1);
    expect(expected.find((g) => g.group === 'pending')?.platform).toBe(10);
    expect(expected.find((g) => g.group === 'approved')?.company).toBe(2);
  });

  it("lists the latest 8 product links of the company's employees only", async () => {
    const links = (await get(hr, '/api/company/benefits/overview')).json().productLinks as Array<{ productLink: string; userEmail: string }>;
    expect(links.map((l) => l.productLink)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((i) => `https://tienda.cl/producto/${i}`));
    expect(links[0].userEmail).toBe('beto@andes.cl');
  });

  it('refuses a product link that is not an http(s) address', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Otra tienda', type: 'third_party', tokenCost: 1 });
    for (const productLink of ['javascript:alert(1)', 'tienda.cl/x', 'ftp://tienda.cl/x']) {
      const res = await post(e1.cookie, '/api/redemptions', { kind: 'platform', benefitId: benefit.id, productLink });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('El enlace del producto debe ser una dirección web que comience con http:// o https://');
    }
  });
});

describe('an HR user without a company', () => {
  it('is told no company is assigned on every figure', async () => {
    await createUser(ctx.db, { email: 'admin@nadie.cl', level: 2, companyId: null });
    const cookie = await signIn(ctx.app, 'admin@nadie.cl');
    for (const url of ['/api/company/dashboard', '/api/company/tokens/stats', '/api/company/benefits/overview', '/api/company/users', '/api/company/users/export']) {
      const res = await get(cookie, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error.message).toBe('No se ha asignado una empresa a este usuario');
    }
  });
});
