/**
 * Platform benefits (level 1), company benefits (level 2) and the provider options behind them:
 * the spec's validation messages, "0 = unlimited" stored as NULL, company scoping, and every
 * route tried by every other level and with another company's ids, re-reading the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyBenefits, platformBenefits } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { createCompanyBenefit, createPlatformBenefit, employee, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let admin: EmployeeSession;
let hrA: EmployeeSession;
let hrB: EmployeeSession;
let hrWithoutCompany: EmployeeSession;
let worker: EmployeeSession;
let provider: EmployeeSession;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyA = await createCompany(ctx.db, 'Andes');
  companyB = await createCompany(ctx.db, 'Austral');
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  hrA = await employee(ctx, 'admin@andes.cl', companyA, 2);
  hrB = await employee(ctx, 'admin@austral.cl', companyB, 2);
  hrWithoutCompany = await employee(ctx, 'admin@nadie.cl', null, 2);
  worker = await employee(ctx, 'ana@andes.cl', companyA, 3);
  provider = await employee(ctx, 'cafe@jobby.sup', null, 4);
});
afterAll(async () => ctx.close());

function patch(url: string, cookie: string, payload: unknown) {
  return ctx.app.inject({ method: 'PATCH', url, headers: as(cookie), payload: payload as object });
}

const platformRow = async (id: string) => (await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, id)))[0];
const companyRow = async (id: string) => (await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, id)))[0];
const errorOf = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

describe('platform benefits (level 1)', () => {
  const valid = { title: 'Almuerzo', description: 'Un almuerzo ejecutivo', type: 'automatic' };

  it('creates an active benefit with the spec defaults: cost 1, stock 100', async () => {
    const res = await post('/api/platform-benefits', admin.cookie, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...valid, tokenCost: 1, stockRemaining: 100, status: 'active', providerUserId: null, isHighlighted: false });
    expect(await platformRow(res.json().id)).toMatchObject({ tokenCost: 1, stockRemaining: 100, status: 'active' });
  });

  it.each([
    ['no title', { description: 'x', type: 'automatic' }],
    ['a blank title', { title: '   ', description: 'x', type: 'automatic' }],
    ['no description', { title: 'x', type: 'automatic' }],
    ['no type', { title: 'x', description: 'x' }],
    ['an unknown type', { title: 'x', description: 'x', type: 'gratis' }],
  ])('refuses %s with the spec message', async (_case, body) => {
    const before = await ctx.db.$count(platformBenefits);
    const res = await post('/api/platform-benefits', admin.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Los campos Título, Descripción y Tipo son obligatorios');
    expect(await ctx.db.$count(platformBenefits)).toBe(before);
  });

  it('refuses a cost below 1 and a negative stock', async () => {
    const cost = await post('/api/platform-benefits', admin.cookie, { ...valid, tokenCost: 0 });
    expect(cost.statusCode).toBe(400);
    expect(errorOf(cost)).toBe('El costo en tokens debe ser al menos 1');
    const stock = await post('/api/platform-benefits', admin.cookie, { ...valid, stock: -1 });
    expect(stock.statusCode).toBe(400);
    expect(errorOf(stock)).toBe('El stock no puede ser negativo');
  });

  it('stores stock 0 ("unlimited") as NULL, never as a 0 that reads as sold out', async () => {
    const res = await post('/api/platform-benefits', admin.cookie, { ...valid, stock: 0 });
    expect(res.json().stockRemaining).toBeNull();
    expect((await platformRow(res.json().id)).stockRemaining).toBeNull();
  });

  it('on edit, a given stock sets the units left, a missing one keeps them, 0 makes it unlimited', async () => {
    const { id } = (await post('/api/platform-benefits', admin.cookie, { ...valid, stock: 20 })).json();
    await ctx.db.update(platformBenefits).set({ stockRemaining: 7 }).where(eq(platformBenefits.id, id));

    const kept = await patch(`/api/platform-benefits/${id}`, admin.cookie, { ...valid, title: 'Almuerzo doble', tokenCost: 2 });
    expect(kept.statusCode).toBe(200);
    expect(await platformRow(id)).toMatchObject({ title: 'Almuerzo doble', tokenCost: 2, stockRemaining: 7 });

    await patch(`/api/platform-benefits/${id}`, admin.cookie, { ...valid, stock: 3 });
    expect((await platformRow(id)).stockRemaining).toBe(3);
    await patch(`/api/platform-benefits/${id}`, admin.cookie, { ...valid, stock: 0 });
    expect((await platformRow(id)).stockRemaining).toBeNull();
  });

  it('links a provider user only when it is a level 4 user', async () => {
    const linked = await post('/api/platform-benefits', admin.cookie, { ...valid, providerUserId: provider.id });
    expect(linked.statusCode).toBe(200);
    expect((await platformRow(linked.json().id)).providerUserId).toBe(provider.id);

    const before = await ctx.db.$count(platformBenefits);
    for (const wrongId of [worker.id, 'no-existe']) {
      const res = await post('/api/platform-benefits', admin.cookie, { ...valid, providerUserId: wrongId });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('El proveedor seleccionado no existe o no es un proveedor');
    }
    expect(await ctx.db.$count(platformBenefits)).toBe(before);

    const unlink = await patch(`/api/platform-benefits/${linked.json().id}`, admin.cookie, { ...valid, providerUserId: worker.id });
    expect(unlink.statusCode).toBe(400);
    expect((await platformRow(linked.json().id)).providerUserId).toBe(provider.id);
  });

  it('deactivates and reactivates', async () => {
    const { id } = (await post('/api/platform-benefits', admin.cookie, valid)).json();
    const off = await post(`/api/platform-benefits/${id}/status`, admin.cookie, { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    expect((await platformRow(id)).status).toBe('inactive');
    await post(`/api/platform-benefits/${id}/status`, admin.cookie, { status: 'active' });
    expect((await platformRow(id)).status).toBe('active');
  });

  it('answers 404 for an unknown benefit', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    const edit = await patch(`/api/platform-benefits/${missing}`, admin.cookie, valid);
    expect(edit.statusCode).toBe(404);
    expect(errorOf(edit)).toBe('Beneficio no encontrado');
    expect((await post(`/api/platform-benefits/${missing}/status`, admin.cookie, { status: 'inactive' })).statusCode).toBe(404);
  });

  it('lists newest first, filtered by status and search, paged with a total', async () => {
    const unique = await post('/api/platform-benefits', admin.cookie, { ...valid, title: 'Kayak en el lago_100%' });
    await post(`/api/platform-benefits/${unique.json().id}/status`, admin.cookie, { status: 'inactive' });

    const found = (await get('/api/platform-benefits?search=lago_100%25', admin.cookie)).json();
    expect(found.items.map((b: { id: string }) => b.id)).toEqual([unique.json().id]);
    expect(found.total).toBe(1);
    // '%' and '_' are matched literally, not as wildcards.
    expect((await get('/api/platform-benefits?search=lago%25100', admin.cookie)).json().total).toBe(0);

    const inactive = (await get('/api/platform-benefits?status=inactive', admin.cookie)).json();
    expect(inactive.items.length).toBeGreaterThan(0);
    expect(inactive.items.every((b: { status: string }) => b.status === 'inactive')).toBe(true);

    const all = await ctx.db.$count(platformBenefits);
    const page = (await get('/api/platform-benefits?limit=2&offset=1', admin.cookie)).json();
    expect(page.total).toBe(all);
    expect(page.items).toHaveLength(2);
    const first = (await get('/api/platform-benefits?limit=3', admin.cookie)).json();
    expect(page.items[0].id).toBe(first.items[1].id);
  });
});

describe('provider options (level 1)', () => {
  it('lists level 4 users only, ordered by name, with their status', async () => {
    await createUser(ctx.db, { email: 'zapateria@jobby.sup', name: 'Zapatería', level: 4, status: 'inactive' });
    await createUser(ctx.db, { email: 'agencia@jobby.sup', name: 'Agencia', level: 4 });
    const res = await get('/api/providers/options', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(String), name: 'Agencia', email: 'agencia@jobby.sup', status: 'active' },
      { id: provider.id, name: 'cafe', email: 'cafe@jobby.sup', status: 'active' },
      { id: expect.any(String), name: 'Zapatería', email: 'zapateria@jobby.sup', status: 'inactive' },
    ]);
  });
});

describe('company benefits (level 2)', () => {
  const valid = { title: 'Tarde libre', description: 'Sal a las 14:00 un viernes' };

  it('creates an active benefit of the HR admin own company with the spec defaults', async () => {
    const res = await post('/api/company-benefits', hrA.cookie, { ...valid, startDate: '2025-01-01', endDate: '2025-12-31', requiresApproval: true, category: 'experiencias' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...valid, tokenCost: 1, availableTokens: 10, limitPerUser: 1, status: 'active', requiresApproval: true, startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(await companyRow(res.json().id)).toMatchObject({ companyId: companyA, createdBy: hrA.id });
  });

  it.each([
    [{ description: 'x' }, 'Los campos Título y Descripción son obligatorios'],
    [{ title: 'x', description: '  ' }, 'Los campos Título y Descripción son obligatorios'],
    [{ ...valid, availableTokens: 0 }, 'La cantidad disponible debe ser al menos 1'],
    [{ ...valid, limitPerUser: 0 }, 'El límite por usuario debe ser al menos 1'],
    [{ ...valid, tokenCost: 0 }, 'El costo en tokens debe ser al menos 1'],
    [{ ...valid, startDate: '2025-06-01', endDate: '2025-05-01' }, 'La fecha de término debe ser posterior a la de inicio'],
    [{ ...valid, startDate: '2025-02-30' }, 'Los datos enviados no son válidos'],
  ])('refuses %j with "%s"', async (body, message) => {
    const before = await ctx.db.$count(companyBenefits);
    const res = await post('/api/company-benefits', hrA.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
    expect(await ctx.db.$count(companyBenefits)).toBe(before);
  });

  it('answers an HR admin without company with the spec message', async () => {
    const res = await post('/api/company-benefits', hrWithoutCompany.cookie, valid);
    expect(errorOf(res)).toBe('No se ha asignado una empresa a este usuario');
    expect(errorOf(await get('/api/company-benefits', hrWithoutCompany.cookie))).toBe('No se ha asignado una empresa a este usuario');
  });

  it('edits (a sold-out benefit may keep 0 left) and toggles its status', async () => {
    const { id } = (await post('/api/company-benefits', hrA.cookie, valid)).json();
    const edit = await patch(`/api/company-benefits/${id}`, hrA.cookie, { ...valid, title: 'Tarde libre de viernes', availableTokens: 0, limitPerUser: 2, tokenCost: 4 });
    expect(edit.statusCode).toBe(200);
    expect(await companyRow(id)).toMatchObject({ title: 'Tarde libre de viernes', availableTokens: 0, limitPerUser: 2, tokenCost: 4, updatedBy: hrA.id });
    const negative = await patch(`/api/company-benefits/${id}`, hrA.cookie, { ...valid, availableTokens: -1 });
    expect(errorOf(negative)).toBe('La cantidad disponible no puede ser negativa');
    expect((await post(`/api/company-benefits/${id}/status`, hrA.cookie, { status: 'inactive' })).json().status).toBe('inactive');
    expect((await companyRow(id)).status).toBe('inactive');
  });

  it('lists only the own company, filtered and paged', async () => {
    await createCompanyBenefit(ctx.db, companyB, { title: 'Yoga austral' });
    const own = (await get('/api/company-benefits?limit=100', hrA.cookie)).json();
    expect(own.total).toBe(await ctx.db.$count(companyBenefits, eq(companyBenefits.companyId, companyA)));
    expect(own.items.some((b: { title: string }) => b.title === 'Yoga austral')).toBe(false);
    const search = (await get('/api/company-benefits?search=yoga', hrB.cookie)).json();
    expect(search.items.map((b: { title: string }) => b.title)).toEqual(['Yoga austral']);
    expect((await get('/api/company-benefits?search=yoga', hrA.cookie)).json().total).toBe(0);
  });

  it("answers 404 for another company's benefit and leaves it as it was", async () => {
    const theirs = await createCompanyBenefit(ctx.db, companyB, { title: 'Bono austral', availableTokens: 5 });
    const before = await companyRow(theirs.id);
    const edit = await patch(`/api/company-benefits/${theirs.id}`, hrA.cookie, { ...valid, availableTokens: 99 });
    expect(edit.statusCode).toBe(404);
    expect(errorOf(edit)).toBe('Beneficio no encontrado');
    const toggle = await post(`/api/company-benefits/${theirs.id}/status`, hrA.cookie, { status: 'inactive' });
    expect(toggle.statusCode).toBe(404);
    expect(await companyRow(theirs.id)).toEqual(before);
  });
});

describe('every benefit route, called by every level it does not allow', () => {
  it('answers 403 and changes nothing', async () => {
    const platform = await createPlatformBenefit(ctx.db, { title: 'Intocable', stockRemaining: 5 });
    const company = await createCompanyBenefit(ctx.db, companyA, { title: 'Intocable interno', availableTokens: 5 });
    const snapshot = async () => ({ platform: await platformRow(platform.id), company: await companyRow(company.id), counts: [await ctx.db.$count(platformBenefits), await ctx.db.$count(companyBenefits)] });
    const before = await snapshot();
    const platformBody = { title: 'Cambiado', description: 'x', type: 'automatic', stock: 1 };
    const companyBody = { title: 'Cambiado', description: 'x', availableTokens: 1 };
    const calls = [
      { levels: [hrA, worker, provider], run: (c: string) => get('/api/platform-benefits', c) },
      { levels: [hrA, worker, provider], run: (c: string) => post('/api/platform-benefits', c, platformBody) },
      { levels: [hrA, worker, provider], run: (c: string) => patch(`/api/platform-benefits/${platform.id}`, c, platformBody) },
      { levels: [hrA, worker, provider], run: (c: string) => post(`/api/platform-benefits/${platform.id}/status`, c, { status: 'inactive' }) },
      { levels: [worker, provider], run: (c: string) => get('/api/providers/options', c) },
      { levels: [admin, worker, provider], run: (c: string) => get('/api/company-benefits', c) },
      { levels: [admin, worker, provider], run: (c: string) => post('/api/company-benefits', c, companyBody) },
      { levels: [admin, worker, provider], run: (c: string) => patch(`/api/company-benefits/${company.id}`, c, companyBody) },
      { levels: [admin, worker, provider], run: (c: string) => post(`/api/company-benefits/${company.id}/status`, c, { status: 'inactive' }) },
    ];
    for (const call of calls) {
      for (const caller of call.levels) {
        const res = await call.run(caller.cookie);
        expect(res.statusCode, `${caller.email}`).toBe(403);
        expect(errorOf(res)).toBe('No tienes permiso para realizar esta acción');
      }
    }
    // And HR of another company, with this company's ids.
    expect((await patch(`/api/company-benefits/${company.id}`, hrB.cookie, companyBody)).statusCode).toBe(404);
    expect((await post(`/api/company-benefits/${company.id}/status`, hrB.cookie, { status: 'inactive' })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
