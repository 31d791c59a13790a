/** GET /api/me/dashboard: the employee's own dashboard, and nothing of anybody else's. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorMessage } from '#domain/errors';
import type { EmployeeDashboard } from '#domain/schemas/dashboard';
import { benefitCodes, users } from '#server/db/schema';
import { createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { createPlatformBenefit, employee, fund, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let companyId: string;
let ana: EmployeeSession;
let bruno: EmployeeSession;
let automaticId: string;

const dashboardOf = async (who: EmployeeSession): Promise<EmployeeDashboard> => {
  const res = await get('/api/me/dashboard', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as EmployeeDashboard;
};

async function redeem(who: EmployeeSession, benefitId: string) {
  const res = await post('/api/redemptions', who.cookie, { kind: 'platform', benefitId }, { 'Idempotency-Key': randomUUID() });
  expect(res.statusCode).toBe(200);
  return res.json() as { requestId: string; code: { code: string } | null };
}

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  post = poster(ctx);
  companyId = await createCompany(ctx.db, 'Mirador');
  const otherCompanyId = await createCompany(ctx.db, 'Vecina');
  const anaId = await createUser(ctx.db, { email: 'ana@mirador.cl', name: 'Ana María Rojas', companyId });
  ana = { id: anaId, email: 'ana@mirador.cl', cookie: await signIn(ctx.app, 'ana@mirador.cl') };
  bruno = await employee(ctx, 'bruno@vecina.cl', otherCompanyId);
  await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 100);
  await fund(ctx.db, { userId: ana.id, companyId }, 'company', 7);
  await fund(ctx.db, { userId: bruno.id, companyId: otherCompanyId }, 'jobby', 100);
  for (const category of ['comidas', 'comidas', 'mascotas', 'regalos', 'descuentos', 'suscripciones', 'experiencias']) {
    await createPlatformBenefit(ctx.db, { title: `Beneficio de ${category}`, category });
  }
  automaticId = (await createPlatformBenefit(ctx.db, { title: 'Cupón directo', category: 'descuentos', type: 'automatic' })).id;
  await createPlatformBenefit(ctx.db, { title: 'Apagado', category: 'mascotas', status: 'inactive' });
  await createPlatformBenefit(ctx.db, { title: 'Agotado', category: 'mascotas', stockRemaining: 0 });
});
afterAll(async () => ctx.close());

describe('greeting and balances', () => {
  it("greets by first name with the company's name and shows both balances", async () => {
    const dashboard = await dashboardOf(ana);
    expect(dashboard.firstName).toBe('Ana');
    expect(dashboard.companyName).toBe('Mirador');
    expect(dashboard.balances).toEqual({ jobby: 100, company: 7 });
  });

  it("an employee without a company gets no company name (the screen says 'Empresa no asignada')", async () => {
    const lone = await employee(ctx, 'sola@independiente.cl', null);
    const dashboard = await dashboardOf(lone);
    expect(dashboard.companyName).toBeNull();
    expect(dashboard.balances).toEqual({ jobby: 0, company: 0 });
    expect(dashboard.recentRequests).toEqual([]);
    expect(dashboard.activeCodes).toEqual([]);
  });
});

describe('recommendations', () => {
  it("follow the survey's categories in their order, one of each", async () => {
    await ctx.db.update(users).set({ benefitPreferences: ['regalos', 'mascotas', 'comidas'] }).where(eq(users.id, ana.id));
    const dashboard = await dashboardOf(ana);
    expect(dashboard.hasPreferences).toBe(true);
    expect(dashboard.recommendations.map((r) => r.category)).toEqual(['regalos', 'mascotas', 'comidas']);
    expect(dashboard.recommendations.every((r) => r.kind === 'platform' && r.canRedeem)).toBe(true);
  });

  it('are padded with other benefits when the preferred categories have fewer than three', async () => {
    await ctx.db.update(users).set({ benefitPreferences: ['mascotas'] }).where(eq(users.id, ana.id));
    const { recommendations } = await dashboardOf(ana);
    expect(recommendations).toHaveLength(3);
    expect(recommendations[0].category).toBe('mascotas');
    expect(recommendations.slice(1).every((r) => r.category !== 'mascotas')).toBe(true);
    expect(new Set(recommendations.map((r) => r.id)).size).toBe(3);
  });

  it('are three active benefits with stock when there are no preferences', async () => {
    await ctx.db.update(users).set({ benefitPreferences: null }).where(eq(users.id, ana.id));
    const { recommendations, hasPreferences } = await dashboardOf(ana);
    expect(hasPreferences).toBe(false);
    expect(recommendations).toHaveLength(3);
    expect(recommendations.map((r) => r.title)).not.toContain('Apagado');
    expect(recommendations.map((r) => r.title)).not.toContain('Agotado');
  });
});

describe('latest requests and active codes', () => {
  it('shows the latest 5 requests and the latest 3 active codes, own only', async () => {
    const redeemed = [];
    for (let i = 0; i < 6; i++) redeemed.push(await redeem(ana, automaticId));
    const brunoRedemption = await redeem(bruno, automaticId);
    // The oldest active code is used at a counter: it leaves 'Desafíos Activos'.
    await ctx.db.update(benefitCodes).set({ status: 'used', usedAt: new Date() }).where(eq(benefitCodes.code, redeemed[5].code!.code));

    const dashboard = await dashboardOf(ana);
    expect(dashboard.requestCount).toBe(6);
    expect(dashboard.recentRequests.map((r) => r.id)).toEqual(redeemed.slice(1).reverse().map((r) => r.requestId));
    expect(dashboard.recentRequests.every((r) => r.userId === ana.id)).toBe(true);
    expect(dashboard.activeCodeCount).toBe(5);
    expect(dashboard.activeCodes.map((c) => c.code)).toEqual(redeemed.slice(2, 5).reverse().map((r) => r.code!.code));
    expect(dashboard.activeCodes[0]).toMatchObject({ benefitName: 'Cupón directo', isBenefitJobby: true });
    expect(JSON.stringify(dashboard)).not.toContain(brunoRedemption.code!.code);
    expect(JSON.stringify(dashboard)).not.toContain(brunoRedemption.requestId);
  });

  it('an expired code is not active any more', async () => {
    const fresh = await redeem(ana, automaticId);
    await ctx.db.update(benefitCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(benefitCodes.code, fresh.code!.code));
    const { activeCodes } = await dashboardOf(ana);
    expect(activeCodes.map((c) => c.code)).not.toContain(fresh.code!.code);
  });
});

describe('who may call it', () => {
  it('answers 401 without a session and 403 to other levels, with the Spanish message', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/dashboard' })).statusCode).toBe(401);
    const hr = await employee(ctx, 'rrhh@mirador.cl', companyId, 2);
    const res = await get('/api/me/dashboard', hr.cookie);
    expect(res.statusCode).toBe(403);
    expect((res.json() as { error: { message: string } }).error.message).toBe(errorMessage('FORBIDDEN'));
  });
});
