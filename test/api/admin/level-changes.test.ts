/**
 * A user's level history (decisions 121 and 122): every level change is recorded with who, when, from and to,
 * in the change's own transaction, and only level 1 reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let operator = '';
let operatorId = '';
let martaId = '';
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const australId = await createCompany(ctx.db, 'Austral', { emailDomain: 'austral.cl' });
  operatorId = await createUser(ctx.db, { email: 'root@jobby.cl', level: 1, name: 'Paula Operadora' });
  operator = await signIn(ctx.app, 'root@jobby.cl');
  martaId = await createUser(ctx.db, { email: 'marta@andes.cl', level: 3, companyId: andesId, name: 'Marta Rojas' });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andesId });
  await createUser(ctx.db, { email: 'admin@austral.cl', level: 2, companyId: australId });
  await createUser(ctx.db, { email: 'sofia@austral.cl', level: 3, companyId: australId });
  await createUser(ctx.db, { email: 'cafe@jobby.sup', level: 4 });
  for (const email of ['admin@andes.cl', 'admin@austral.cl', 'sofia@austral.cl', 'cafe@jobby.sup']) cookies[email] = await signIn(ctx.app, email);
});
afterAll(async () => ctx.close());

const get = (cookie: string | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? as(cookie) : { origin: ORIGIN } });
const put = (cookie: string, url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'PUT', url, headers: as(cookie), payload });

describe('GET /api/admin/users/:id/level-changes', () => {
  it('answers level 1 the changes, newest first, with who made each, from and to', async () => {
    expect((await get(operator, `/api/admin/users/${martaId}/level-changes`)).json()).toEqual({ items: [] });
    expect((await put(operator, `/api/admin/users/${martaId}/level`, { level: 2 })).statusCode).toBe(200);
    expect((await put(operator, `/api/admin/users/${martaId}/level`, { level: 1 })).statusCode).toBe(200);
    // An unchanged level is no change.
    expect((await put(operator, `/api/admin/users/${martaId}/level`, { level: 1 })).statusCode).toBe(200);
    const res = await get(operator, `/api/admin/users/${martaId}/level-changes`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { fromLevel: 2, toLevel: 1, changedAt: expect.any(String), changedById: operatorId, changedByName: 'Paula Operadora' },
      { fromLevel: 3, toLevel: 2, changedAt: expect.any(String), changedById: operatorId, changedByName: 'Paula Operadora' },
    ]);
  });

  it('records nothing when the change is refused (own level 1)', async () => {
    const before = (await get(operator, `/api/admin/users/${operatorId}/level-changes`)).json();
    expect((await put(operator, `/api/admin/users/${operatorId}/level`, { level: 3 })).statusCode).toBe(409);
    expect((await get(operator, `/api/admin/users/${operatorId}/level-changes`)).json()).toEqual(before);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await get(operator, '/api/admin/users/no-existe/level-changes');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Usuario no encontrado');
  });

  it.each([
    ['HR of the same company', 'admin@andes.cl'],
    ['HR of another company', 'admin@austral.cl'],
    ['an employee', 'sofia@austral.cl'],
    ['a provider', 'cafe@jobby.sup'],
  ])('refuses %s with 403 and shows nothing', async (_label, email) => {
    const res = await get(cookies[email], `/api/admin/users/${martaId}/level-changes`);
    expect(res.statusCode).toBe(403);
    expect(res.json().items).toBeUndefined();
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await get(null, `/api/admin/users/${martaId}/level-changes`)).statusCode).toBe(401);
  });
});
