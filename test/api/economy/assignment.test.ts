/**
 * Token management: the platform admin's flexible tokens (spec part 1 §5 "Add/Remove tokens") and HR's
 * company tokens (spec part 2 §5 "Single/Bulk assignment"), with the history screens over them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { balancesOf, createPlatformBenefit, economySnapshot, employee, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyId: string;
let otherCompanyId: string;
let admin: EmployeeSession;
let hr: EmployeeSession;
let otherHr: EmployeeSession;
let camila: EmployeeSession;
let diego: EmployeeSession;
let foreigner: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyId = await createCompany(ctx.db, 'Andes');
  otherCompanyId = await createCompany(ctx.db, 'Austral');
  admin = await employee(ctx, 'plataforma@jobby.cl', null, 1);
  hr = await employee(ctx, 'admin@andes.cl', companyId, 2);
  otherHr = await employee(ctx, 'admin@austral.cl', otherCompanyId, 2);
  camila = await employee(ctx, 'camila@andes.cl', companyId);
  diego = await employee(ctx, 'diego@andes.cl', companyId);
  foreigner = await employee(ctx, 'sofia@austral.cl', otherCompanyId);
});
afterAll(async () => ctx.close());

const QUANTITY_MESSAGE = 'Por favor, selecciona un usuario y especifica una cantidad válida';

describe('platform admin: add and remove flexible tokens', () => {
  it('adds tokens with the default reason and answers the new balance', async () => {
    const res = await post('/api/admin/tokens/add', admin.cookie, { userId: camila.id, amount: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: camila.id, tokenType: 'jobby', balanceAfter: 7 });
    expect((await balancesOf(ctx.db, camila.id)).jobby).toBe(7);

    const history = (await get(`/api/admin/tokens/history?userId=${camila.id}`, admin.cookie)).json();
    expect(history.items[0]).toMatchObject({
      type: 'add',
      kind: 'grant',
      tokenType: 'jobby',
      amount: 7,
      reason: 'Tokens añadidos por administrador',
      actorId: admin.id,
      actorName: 'plataforma',
      userId: camila.id,
      userName: 'camila',
      balanceBefore: 0,
      balanceAfter: 7,
    });
  });

  it.each([
    ['zero', { amount: 0 }],
    ['more than 100', { amount: 101 }],
    ['not a number', { amount: 'diez' }],
    ['no user', { userId: undefined, amount: 5 }],
  ])('refuses a quantity of %s with the spec message', async (_label, change) => {
    const before = await economySnapshot(ctx.db);
    const res = await post('/api/admin/tokens/add', admin.cookie, { userId: camila.id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(QUANTITY_MESSAGE);
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it('accepts the bounds 1 and 100', async () => {
    expect((await post('/api/admin/tokens/add', admin.cookie, { userId: diego.id, amount: 1 })).statusCode).toBe(200);
    expect((await post('/api/admin/tokens/add', admin.cookie, { userId: diego.id, amount: 100 })).json().balanceAfter).toBe(101);
  });

  it('answers Usuario no encontrado for anyone who is not a level 3 user', async () => {
    for (const userId of [hr.id, admin.id, 'no-existe']) {
      const res = await post('/api/admin/tokens/add', admin.cookie, { userId, amount: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'USER_NOT_FOUND', message: 'Usuario no encontrado' });
    }
  });

  it('removes no more than the balance, with the exact message, and changes nothing when refused', async () => {
    const before = await economySnapshot(ctx.db);
    const refused = await post('/api/admin/tokens/remove', admin.cookie, { userId: camila.id, amount: 8 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'REMOVE_EXCEEDS_BALANCE', message: 'No se pueden quitar 8 tokens. El usuario solo tiene 7 tokens.' });
    expect(await economySnapshot(ctx.db)).toEqual(before);

    const removed = await post('/api/admin/tokens/remove', admin.cookie, { userId: camila.id, amount: 7, reason: '  ' });
    expect(removed.json().balanceAfter).toBe(0);
    const [entry] = (await get(`/api/admin/tokens/history?userId=${camila.id}&type=remove`, admin.cookie)).json().items;
    expect(entry).toMatchObject({ type: 'remove', kind: 'revoke', amount: 7, reason: 'Tokens removidos por administrador', balanceBefore: 7, balanceAfter: 0 });

    const empty = await post('/api/admin/tokens/remove', admin.cookie, { userId: camila.id, amount: 1 });
    expect(empty.json().error.message).toBe('No se pueden quitar 1 token. El usuario solo tiene 0 tokens.');
  });

  it('adds once for a repeated Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'add-diego-1' };
    const first = await post('/api/admin/tokens/add', admin.cookie, { userId: diego.id, amount: 4, reason: 'Bono' }, headers);
    const again = await post('/api/admin/tokens/add', admin.cookie, { userId: diego.id, amount: 4, reason: 'Bono' }, headers);
    expect(again.headers['idempotency-hit']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await balancesOf(ctx.db, diego.id)).jobby).toBe(105);
  });

  it('lists level 3 users with both balances, searchable and paged', async () => {
    const all = (await get('/api/admin/employees?limit=100', admin.cookie)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((e: { email: string }) => e.email).sort()).toEqual(['camila@andes.cl', 'diego@andes.cl', 'sofia@austral.cl']);
    const found = (await get('/api/admin/employees?search=DIEGO', admin.cookie)).json();
    expect(found.items).toEqual([
      expect.objectContaining({ id: diego.id, jobby: 105, company: 0, companyId, companyName: 'Andes', status: 'active', lastUpdated: expect.any(String) }),
    ]);
    const never = (await get('/api/admin/employees?search=sofia', admin.cookie)).json().items[0];
    expect(never).toMatchObject({ jobby: 0, company: 0, lastUpdated: null });
    const page = (await get('/api/admin/employees?limit=1&offset=2', admin.cookie)).json();
    expect(page).toMatchObject({ total: 3, items: [expect.any(Object)] });
    expect((await get('/api/admin/employees?limit=1&offset=5', admin.cookie)).json()).toEqual({ items: [], total: 3 });
    // '%' is searched for literally, not as a wildcard.
    expect((await get('/api/admin/employees?search=%25', admin.cookie)).json().total).toBe(0);
  });

  it('does not offer a disabled account in the picker', async () => {
    await createUser(ctx.db, { email: 'tomas@lejana.cl', level: 3, companyId: await createCompany(ctx.db, 'Lejana'), status: 'inactive' });
    const found = (await get('/api/admin/employees?search=tomas', admin.cookie)).json();
    expect(found).toEqual({ items: [], total: 0 });
    expect((await get('/api/admin/employees?limit=100', admin.cookie)).json().total).toBe(3);
  });
});

describe('company HR: assign company tokens', () => {
  it('assigns 10 with reason Asignación manual by default', async () => {
    const res = await post('/api/company/tokens/assign', hr.cookie, { userId: camila.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: camila.id, tokenType: 'company', balanceAfter: 10 });
    const [entry] = (await get(`/api/company/tokens/history?userId=${camila.id}`, hr.cookie)).json().items;
    expect(entry).toMatchObject({ type: 'add', tokenType: 'company', amount: 10, reason: 'Asignación manual', actorName: 'admin', balanceBefore: 0, balanceAfter: 10 });
  });

  it('refuses a missing or non-positive amount with the spec message', async () => {
    for (const payload of [{ userId: camila.id, amount: 0 }, { amount: 5 }]) {
      const res = await post('/api/company/tokens/assign', hr.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Por favor complete todos los campos requeridos');
    }
  });

  it('refuses 0 and −5, single and bulk, with the spec messages, and 1.5 as not a whole number; changes nothing (decision 120)', async () => {
    const before = await economySnapshot(ctx.db);
    for (const amount of [0, -5, 1.5]) {
      const single = await post('/api/company/tokens/assign', hr.cookie, { userId: camila.id, amount });
      expect(single.statusCode).toBe(400);
      expect(single.json().error.message).toBe(amount === 1.5 ? 'La cantidad debe ser un número entero' : 'Por favor complete todos los campos requeridos');
      const bulk = await post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [camila.id, diego.id], amount });
      expect(bulk.statusCode).toBe(400);
      expect(bulk.json().error.message).toBe(amount === 1.5 ? 'La cantidad debe ser un número entero' : 'Seleccione usuarios y especifique una cantidad válida');
    }
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it("answers 404 for another company's employee and leaves the database as it was", async () => {
    const before = await economySnapshot(ctx.db);
    const res = await post('/api/company/tokens/assign', hr.cookie, { userId: foreigner.id, amount: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Usuario no encontrado');
    expect(await economySnapshot(ctx.db)).toEqual(before);
    expect((await balancesOf(ctx.db, foreigner.id)).company).toBe(0);
  });

  it('bulk-assigns to many, counting only successes and listing the failures', async () => {
    const res = await post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [camila.id, diego.id, foreigner.id, 'no-existe', camila.id, hr.id], amount: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ assigned: 2, failedUserIds: [foreigner.id, 'no-existe', hr.id] });
    expect((await balancesOf(ctx.db, camila.id)).company).toBe(13);
    expect((await balancesOf(ctx.db, diego.id)).company).toBe(3);
    expect((await balancesOf(ctx.db, foreigner.id)).company).toBe(0);
    const entries = (await get('/api/company/tokens/history?search=masiva', hr.cookie)).json();
    expect(entries.total).toBe(2);
    expect(entries.items.every((e: { reason: string }) => e.reason === 'Asignación masiva')).toBe(true);
  });

  it('refuses an empty bulk selection with the spec message', async () => {
    const res = await post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [], amount: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Seleccione usuarios y especifique una cantidad válida');
  });

  it('lists only the own employees with both balances', async () => {
    const list = (await get('/api/company/employees', hr.cookie)).json();
    expect(list.total).toBe(2);
    expect(list.items.map((e: { id: string }) => e.id).sort()).toEqual([camila.id, diego.id].sort());
    expect(list.items.find((e: { id: string }) => e.id === diego.id)).toMatchObject({ jobby: 105, company: 3 });
    const other = (await get('/api/company/employees?search=camila', otherHr.cookie)).json();
    expect(other).toEqual({ items: [], total: 0 });
  });
});

describe('history filters', () => {
  it('filters the admin history by type, token type, user and search, newest first, with before and after', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Cine', tokenCost: 2 });
    expect((await post('/api/redemptions', diego.cookie, { kind: 'platform', benefitId: benefit.id })).statusCode).toBe(200);

    const used = (await get('/api/admin/tokens/history?type=used', admin.cookie)).json();
    expect(used.total).toBe(1);
    expect(used.items[0]).toMatchObject({ type: 'used', kind: 'spend', userId: diego.id, amount: 2, balanceBefore: 105, balanceAfter: 103, benefitId: benefit.id, reason: 'Canje: Cine' });

    const all = (await get('/api/admin/tokens/history?limit=100', admin.cookie)).json();
    const ids = all.items.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.total).toBe(all.items.length);

    const company = (await get('/api/admin/tokens/history?tokenType=company', admin.cookie)).json();
    expect(company.total).toBeGreaterThan(0);
    expect(company.items.every((e: { tokenType: string }) => e.tokenType === 'company')).toBe(true);

    const adds = (await get(`/api/admin/tokens/history?type=add&userId=${diego.id}&tokenType=jobby`, admin.cookie)).json();
    expect(adds.items.map((e: { amount: number }) => e.amount)).toEqual([4, 100, 1]);
    expect(adds.items.map((e: { balanceAfter: number }) => e.balanceAfter)).toEqual([105, 101, 1]);

    const removes = (await get('/api/admin/tokens/history?type=remove', admin.cookie)).json();
    expect(removes.items.map((e: { userId: string }) => e.userId)).toEqual([camila.id]);

    const byEmail = (await get('/api/admin/tokens/history?search=camila@andes', admin.cookie)).json();
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.items.every((e: { userId: string }) => e.userId === camila.id)).toBe(true);
    const byReason = (await get('/api/admin/tokens/history?search=bono', admin.cookie)).json();
    expect(byReason.items.map((e: { reason: string }) => e.reason)).toEqual(['Bono']);
  });

  it("never shows HR another company's history", async () => {
    const res = (await get('/api/company/tokens/history?limit=100', otherHr.cookie)).json();
    expect(res).toEqual({ items: [], total: 0, totalIsCapped: false });
    const own = (await get(`/api/company/tokens/history?userId=${foreigner.id}`, hr.cookie)).json();
    expect(own.total).toBe(0);
    const hrHistory = (await get('/api/company/tokens/history?limit=100', hr.cookie)).json();
    expect(hrHistory.items.length).toBeGreaterThan(0);
    expect(hrHistory.items.every((e: { tokenType: string }) => e.tokenType === 'company')).toBe(true);
    expect(hrHistory.total).toBe(3);
  });
});

describe('employees of a large company', () => {
  it('pages through 300 employees without losing or repeating anyone', async () => {
    const bigId = await createCompany(ctx.db, 'Grande');
    const ids = await Promise.all(Array.from({ length: 300 }, (_, i) => createUser(ctx.db, { email: `e${i}@grande.cl`, companyId: bigId })));
    const bigHr = await employee(ctx, 'admin@grande.cl', bigId, 2);
    const seen: string[] = [];
    for (let offset = 0; offset < 300; offset += 100) {
      const page = (await get(`/api/company/employees?limit=100&offset=${offset}`, bigHr.cookie)).json();
      expect(page.total).toBe(300);
      seen.push(...page.items.map((e: { id: string }) => e.id));
    }
    expect(new Set(seen).size).toBe(300);
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

describe('company HR: inactive employees (decisions 121 and 122)', () => {
  it('gives them no company tokens: the single assignment refuses, the bulk one leaves them out', async () => {
    const cordillera = await createCompany(ctx.db, 'Cordillera');
    const hrC = await employee(ctx, 'admin@cordillera.cl', cordillera, 2);
    const active = await employee(ctx, 'ana@cordillera.cl', cordillera);
    const inactive = await createUser(ctx.db, { email: 'ines@cordillera.cl', level: 3, companyId: cordillera, status: 'inactive' });
    const before = await economySnapshot(ctx.db);
    const single = await post('/api/company/tokens/assign', hrC.cookie, { userId: inactive, amount: 4 });
    expect(single.statusCode).toBe(409);
    expect(single.json().error).toEqual({ code: 'EMPLOYEE_INACTIVE', message: 'El colaborador está inactivo: no puede recibir tokens' });
    expect(await economySnapshot(ctx.db)).toEqual(before);

    const bulk = await post('/api/company/tokens/assign-bulk', hrC.cookie, { userIds: [active.id, inactive], amount: 4 });
    expect(bulk.json()).toEqual({ assigned: 1, failedUserIds: [inactive] });
    expect((await balancesOf(ctx.db, active.id)).company).toBe(4);
    expect((await balancesOf(ctx.db, inactive)).company).toBe(0);
  });
});
