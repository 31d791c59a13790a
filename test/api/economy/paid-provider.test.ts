/**
 * A request belongs to the provider that was paid (finding 2), a company benefit may name
 * the provider that fulfils it, a rejection gives back exactly what the redemption took,
 * and a company wallet names its company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefitCodes, benefitRequests, companyBenefits, ledgerAccounts, platformBenefits, users } from '#server/db/schema';
import { as, createCompany, createTestContext, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, employee, fund, getter, ledgerViolations, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyA: string;
let companyB: string;
let admin: EmployeeSession;
let hrA: EmployeeSession;
let cine: EmployeeSession;
let cafe: EmployeeSession;
let ana: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyA = await createCompany(ctx.db, 'Andes');
  companyB = await createCompany(ctx.db, 'Austral');
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  hrA = await employee(ctx, 'admin@andes.cl', companyA, 2);
  cine = await employee(ctx, 'cine@jobby.sup', null, 4);
  cafe = await employee(ctx, 'cafe@jobby.sup', null, 4);
  ana = await employee(ctx, 'ana@andes.cl', companyA, 3);
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'jobby', 100);
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'company', 100);
});
afterAll(async () => ctx.close());

const patch = (url: string, cookie: string, payload: object) => ctx.app.inject({ method: 'PATCH', url, headers: as(cookie), payload });
const redeem = (kind: 'platform' | 'company', benefitId: string) => post('/api/redemptions', ana.cookie, { kind, benefitId });
const verify = (who: EmployeeSession, code: string) => post('/api/codes/verify', who.cookie, { code });
const accountBalance = async (id: string) => (await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance ?? 0;

describe('a request belongs to the provider that was paid', () => {
  it('stays in the paid provider lane after the benefit moves to another provider, and only that provider redeems its code', async () => {
    const movie = await createPlatformBenefit(ctx.db, { title: 'Cine', type: 'managed', tokenCost: 5, providerUserId: cine.id });
    const paid = await redeem('platform', movie.id);
    expect(paid.statusCode).toBe(200);
    const requestId = paid.json().requestId as string;
    expect(await accountBalance(`provider:${cine.id}`)).toBe(5);

    expect((await patch(`/api/platform-benefits/${movie.id}`, admin.cookie, { providerUserId: cafe.id })).statusCode).toBe(200);

    const cineLane = (await get('/api/provider/requests', cine.cookie)).json();
    expect(cineLane.items.map((r: { id: string }) => r.id)).toContain(requestId);
    const cafeLane = (await get('/api/provider/requests', cafe.cookie)).json();
    expect(cafeLane.items.map((r: { id: string }) => r.id)).not.toContain(requestId);
    expect((await post(`/api/requests/${requestId}/approve`, cafe.cookie, {})).statusCode).toBe(404);

    const approved = await post(`/api/requests/${requestId}/approve`, cine.cookie, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().providerUserId).toBe(cine.id);
    const code = approved.json().code.code as string;
    const wrong = await verify(cafe, code);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe('Token no encontrado');
    expect((await verify(cine, code)).statusCode).toBe(200);

    // The next redemption pays the new provider.
    const next = await redeem('platform', movie.id);
    expect((await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.id, next.json().requestId)))[0].providerUserId).toBe(cafe.id);
    expect(await accountBalance(`provider:${cafe.id}`)).toBe(5);
  });

  it("an admin's approval after the move issues a code for the paid provider, not the new one", async () => {
    const movie = await createPlatformBenefit(ctx.db, { title: 'Cine noche', type: 'managed', tokenCost: 2, providerUserId: cine.id });
    const { requestId } = (await redeem('platform', movie.id)).json();
    await patch(`/api/platform-benefits/${movie.id}`, admin.cookie, { providerUserId: cafe.id });
    const approved = await post(`/api/requests/${requestId}/approve`, admin.cookie, {});
    expect(approved.statusCode).toBe(200);
    const [code] = await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.requestId, requestId));
    expect(code.providerUserId).toBe(cine.id);
    expect((await verify(cafe, code.code)).statusCode).toBe(404);
  });
});

describe('a company benefit may name the provider that fulfils it', () => {
  it('creates and edits the link only to a level 4 user', async () => {
    const created = await post('/api/company-benefits', hrA.cookie, { title: 'Café de equipo', description: 'Un café', providerUserId: cafe.id });
    expect(created.statusCode).toBe(200);
    expect(created.json().providerUserId).toBe(cafe.id);
    const wrong = await patch(`/api/company-benefits/${created.json().id}`, hrA.cookie, { providerUserId: ana.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('El proveedor seleccionado no existe o no es un proveedor');
    expect((await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, created.json().id)))[0].providerUserId).toBe(cafe.id);
    expect((await get('/api/providers/options', hrA.cookie)).statusCode).toBe(200);
  });

  it('only that provider redeems its codes; to any other provider the code does not exist', async () => {
    const coffee = await createCompanyBenefit(ctx.db, companyA, { title: 'Café gratis', providerUserId: cafe.id });
    const res = await redeem('company', coffee.id);
    expect(res.statusCode).toBe(200);
    const code = res.json().code.code as string;
    const outside = await verify(cine, code);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error).toEqual({ code: 'CODE_NOT_FOUND', message: 'Token no encontrado' });
    expect((await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.code, code)))[0].status).toBe('active');
    const own = await verify(cafe, code);
    expect(own.statusCode).toBe(200);
    // Used now: still "not found" to the other provider, never "already used".
    expect((await verify(cine, code)).json().error.message).toBe('Token no encontrado');
  });
});

describe('a rejection gives back exactly what the redemption took', () => {
  it('a redemption of an unlimited benefit took no unit, so a rejection after a restock adds none', async () => {
    const unlimited = await createPlatformBenefit(ctx.db, { title: 'Ilimitado', type: 'third_party', stockRemaining: null });
    const { requestId } = (await redeem('platform', unlimited.id)).json();
    expect((await patch(`/api/platform-benefits/${unlimited.id}`, admin.cookie, { stock: 4 })).statusCode).toBe(200);
    expect((await post(`/api/requests/${requestId}/reject`, admin.cookie, {})).statusCode).toBe(200);
    expect((await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, unlimited.id)))[0].stockRemaining).toBe(4);
  });

  it('a redemption that took a unit gets it back even if the benefit became unlimited and limited again', async () => {
    const limited = await createPlatformBenefit(ctx.db, { title: 'Limitado', type: 'third_party', stockRemaining: 3 });
    const { requestId } = (await redeem('platform', limited.id)).json();
    const stockOf = async () => (await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, limited.id)))[0].stockRemaining;
    expect(await stockOf()).toBe(2);
    // The form's stock 0 means unlimited (spec part 1 §9); then a restock to 5 makes it limited again.
    expect((await patch(`/api/platform-benefits/${limited.id}`, admin.cookie, { stock: 0 })).statusCode).toBe(200);
    expect(await stockOf()).toBeNull();
    expect((await patch(`/api/platform-benefits/${limited.id}`, admin.cookie, { stock: 5 })).statusCode).toBe(200);
    expect((await post(`/api/requests/${requestId}/reject`, admin.cookie, {})).statusCode).toBe(200);
    expect(await stockOf()).toBe(6);
  });
});

describe('the company wallet names its company', () => {
  it('a person moved to another company starts from 0 there and the old company tokens stay in the old wallet', async () => {
    const leo = await employee(ctx, 'leo@andes.cl', companyA, 3);
    await fund(ctx.db, { userId: leo.id, companyId: companyA }, 'company', 9);
    expect(await accountBalance(`employee:${leo.id}:company:${companyA}`)).toBe(9);
    await ctx.db.update(users).set({ companyId: companyB }).where(eq(users.id, leo.id));
    expect((await balancesOf(ctx.db, leo.id)).company).toBe(0);
    await fund(ctx.db, { userId: leo.id, companyId: companyB }, 'company', 4);
    expect((await balancesOf(ctx.db, leo.id)).company).toBe(4);
    expect(await accountBalance(`employee:${leo.id}:company:${companyA}`)).toBe(9);
    const wallets = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerUserId, leo.id));
    const byId = (a: string[], b: string[]) => (a[0] < b[0] ? -1 : 1);
    expect(wallets.map((w) => [w.id, w.asset]).sort(byId)).toEqual(
      [
        [`employee:${leo.id}:company:${companyA}`, `company:${companyA}`],
        [`employee:${leo.id}:company:${companyB}`, `company:${companyB}`],
      ].sort(byId),
    );
    const violations = await ledgerViolations(ctx.db);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
  });
});
