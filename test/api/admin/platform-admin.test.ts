/**
 * Level 1's platform administration, as a caller observes it: the per-user limit of platform
 * benefits, the request tabs and their counts, providers, user levels (and their protections), the
 * dashboard's figures, and what the people of a deactivated company can still do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { benefitCodes, benefitRequests, companies, platformBenefits, sessions, userLevelChanges, users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, PASSWORD, signIn, runOutbox, userRow, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { createPlatformBenefit, employee, fund, type EmployeeSession } from '../economy/ledger-fixtures';

let ctx: TestContext;
let operator = '';
let operatorId = '';
let andesId = '';
let ana: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', maxUsers: 1 });
  operatorId = await createUser(ctx.db, { email: 'root@jobby.cl', level: 1, name: 'Paula Operadora' });
  operator = await signIn(ctx.app, 'root@jobby.cl');
  ana = await employee(ctx, 'ana@andes.cl', andesId);
  await fund(ctx.db, { userId: ana.id, companyId: andesId }, 'jobby', 100);
});
afterAll(async () => ctx.close());

const send = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? as(cookie) : { origin: ORIGIN }, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });

describe("a platform benefit's per-user limit", () => {
  it('is 1 by default: a second redemption answers "Ya canjeado" and the catalogue says so', async () => {
    const created = await send(operator, 'POST', '/api/platform-benefits', { title: 'Cena', description: 'Para dos', type: 'automatic' });
    expect(created.json()).toMatchObject({ limitPerUser: 1, tokenCost: 1, stockRemaining: 100 });
    const id = created.json().id;
    expect((await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: id })).statusCode).toBe(200);
    const again = await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ya canjeado');
    const item = (await send(ana.cookie, 'GET', '/api/catalogue')).json().platform.find((b: { id: string }) => b.id === id);
    expect(item).toMatchObject({ canRedeem: false, blockedReason: 'ALREADY_REDEEMED', redeemedCount: 1, limitPerUser: 1 });
    expect((await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, id)))[0].stockRemaining).toBe(99);
  });

  it('0 means no limit, and a limit set later counts what was already redeemed', async () => {
    const { id } = (await send(operator, 'POST', '/api/platform-benefits', { title: 'Café', description: 'Un café', type: 'automatic', limitPerUser: 0 })).json();
    for (let i = 0; i < 3; i++) expect((await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: id })).statusCode).toBe(200);
    expect((await send(operator, 'PATCH', `/api/platform-benefits/${id}`, { limitPerUser: 3 })).json().limitPerUser).toBe(3);
    expect((await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: id })).json().error.message).toBe('Ya canjeado');
    const negative = await send(operator, 'PATCH', `/api/platform-benefits/${id}`, { limitPerUser: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toBe('El límite por usuario no puede ser negativo');
  });

  it('a rejected request gives its use back', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Gift card', type: 'third_party', limitPerUser: 1 });
    const { requestId } = (await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: benefit.id })).json();
    expect((await send(operator, 'POST', `/api/requests/${requestId}/reject`, { reason: 'Sin stock' })).statusCode).toBe(200);
    expect((await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: benefit.id })).statusCode).toBe(200);
  });

  raceTest('holds when two redemptions of one employee race', async () => {
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Entrada', limitPerUser: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: benefit.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await ctx.db.$count(benefitRequests, and(eq(benefitRequests.platformBenefitId, benefit.id), eq(benefitRequests.userId, ana.id)))).toBe(1);
  });
});

describe("level 1's requests", () => {
  it('counts each tab in SQL with the search applied, and filters "Requieren Gestión"', async () => {
    const giftcard = await createPlatformBenefit(ctx.db, { title: 'Libro', type: 'third_party' });
    const { requestId } = (await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: giftcard.id })).json();
    const list = (await send(operator, 'GET', '/api/admin/requests?filter=pending_admin')).json();
    expect(list.items.map((r: { id: string }) => r.id)).toContain(requestId);
    expect(list.items.every((r: { status: string }) => r.status === 'pending_admin_approval')).toBe(true);
    const scope = or(isNotNull(benefitRequests.platformBenefitId), eq(benefitRequests.status, 'pending_admin_approval'));
    const countWhere = async (extra?: ReturnType<typeof eq>) => (await ctx.db.select({ n: count() }).from(benefitRequests).where(and(scope, extra)))[0].n;
    expect(list.counts).toEqual({
      all: await countWhere(),
      pending: await countWhere(inArray(benefitRequests.status, ['pending', 'pending_provider_approval', 'pending_admin_approval'])),
      pending_admin: await countWhere(eq(benefitRequests.status, 'pending_admin_approval')),
      approved: await countWhere(eq(benefitRequests.status, 'approved')),
      rejected: await countWhere(eq(benefitRequests.status, 'rejected')),
    });
    const searched = (await send(operator, 'GET', '/api/admin/requests?search=libro')).json();
    expect(searched.counts.all).toBe(1);
  });

  it('approving a third-party request needs instructions, which the employee then reads', async () => {
    const giftcard = await createPlatformBenefit(ctx.db, { title: 'Tarjeta regalo', type: 'third_party' });
    const { requestId } = (await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: giftcard.id })).json();
    const bare = await send(operator, 'POST', `/api/requests/${requestId}/approve`, { adminInstructions: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe('Las instrucciones son obligatorias para aprobar esta solicitud');
    const approved = await send(operator, 'POST', `/api/requests/${requestId}/approve`, { adminInstructions: 'Retira en recepción' });
    expect(approved.json()).toMatchObject({ status: 'approved', adminInstructions: 'Retira en recepción', adminId: operatorId });
    const mine = (await send(ana.cookie, 'GET', '/api/requests/mine')).json().items.find((r: { id: string }) => r.id === requestId);
    expect(mine).toMatchObject({ adminInstructions: 'Retira en recepción', code: { status: 'active' } });
  });
});

describe('providers', () => {
  const valid = { name: 'Librería Central', email: 'Libros@Jobby.sup', password: 'clave123', category: 'Libros', contactPhone: '+56 2 2222 3333' };

  it.each([
    [{ ...valid, email: 'libros@gmail.com' }, 'El email debe terminar con @jobby.sup para ser un proveedor'],
    [{ ...valid, email: 'libros@jobby.sup.evil' }, 'El email debe terminar con @jobby.sup para ser un proveedor'],
    [{ ...valid, name: '  ab  ' }, 'El nombre debe tener al menos 3 caracteres'],
    [{ ...valid, password: '12345' }, 'La contraseña debe tener al menos 6 caracteres'],
  ])('refuses %j with its message', async (body, message) => {
    const res = await send(operator, 'POST', '/api/providers', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('creates an active level 4 account on the server, the operator still signed in as themself; the provider signs in', async () => {
    const res = await send(operator, 'POST', '/api/providers', valid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toMatchObject({ name: 'Librería Central', email: 'libros@jobby.sup', status: 'active', category: 'Libros', contactPhone: '+56 2 2222 3333' });
    expect((await send(operator, 'GET', '/api/me')).json()).toMatchObject({ email: 'root@jobby.cl', level: 1 });
    const provider = await signIn(ctx.app, 'libros@jobby.sup', 'clave123');
    expect((await send(provider, 'GET', '/api/me')).json()).toMatchObject({ level: 4, companyId: null });
    const duplicate = await send(operator, 'POST', '/api/providers', valid);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Este correo electrónico ya está en uso');
  });

  it('edits without touching the email; deactivating ends its sessions and sign-in, reactivating lets it back', async () => {
    const created = (await send(operator, 'POST', '/api/providers', { ...valid, email: 'teatro@jobby.sup', name: 'Teatro' })).json();
    const session = await signIn(ctx.app, 'teatro@jobby.sup', 'clave123');
    expect(created).toMatchObject({ address: null, instructions: null });
    const edited = await send(operator, 'PATCH', `/api/providers/${created.id}`, {
      name: 'Teatro Municipal',
      email: 'otro@jobby.sup',
      description: 'Obras',
      address: ' Agustinas 794, Santiago ',
      instructions: 'Muestra el código en boletería',
    });
    expect(edited.json()).toMatchObject({
      name: 'Teatro Municipal',
      email: 'teatro@jobby.sup',
      description: 'Obras',
      category: 'Libros',
      address: 'Agustinas 794, Santiago',
      instructions: 'Muestra el código en boletería',
    });
    // A blank field clears it; a field not sent is kept.
    expect((await send(operator, 'PATCH', `/api/providers/${created.id}`, { address: '  ' })).json()).toMatchObject({ address: null, instructions: 'Muestra el código en boletería' });
    const off = await send(operator, 'POST', `/api/providers/${created.id}/status`, { status: 'inactive' });
    expect(off.json().status).toBe('inactive');
    expect(await ctx.db.$count(sessions, eq(sessions.userId, created.id))).toBe(0);
    expect((await send(session, 'POST', '/api/codes/verify', { code: 'ABCD1234' })).statusCode).toBe(401);
    const refused = await send(null, 'POST', '/api/auth/sign-in/email', { email: 'teatro@jobby.sup', password: 'clave123' });
    expect(refused.json().error.message).toBe('Esta cuenta ha sido deshabilitada.');
    await send(operator, 'POST', `/api/providers/${created.id}/status`, { status: 'active' });
    expect(await signIn(ctx.app, 'teatro@jobby.sup', 'clave123')).not.toBe('');
  });

  it("answers 404 for someone who is not a provider, and lists providers only", async () => {
    const res = await send(operator, 'PATCH', `/api/providers/${ana.id}`, { name: 'Ana Proveedora' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Proveedor no encontrado');
    expect((await userRow(ctx.db, ana.id)).name).not.toBe('Ana Proveedora');
    const list = (await send(operator, 'GET', '/api/providers?search=teatro')).json();
    expect(list).toMatchObject({ total: 1, items: [{ email: 'teatro@jobby.sup' }] });
  });
});

describe('user levels', () => {
  it('changes a level at once for the next request, and records who, from and to', async () => {
    const id = await createUser(ctx.db, { email: 'marta@andes.cl', level: 3, companyId: andesId });
    const marta = await signIn(ctx.app, 'marta@andes.cl');
    expect((await send(marta, 'GET', '/api/company/employees')).statusCode).toBe(403);
    const res = await send(operator, 'PUT', `/api/admin/users/${id}/level`, { level: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ level: 2, companyName: 'Andes' });
    expect((await send(marta, 'GET', '/api/company/employees')).statusCode).toBe(200);
    expect(await ctx.db.select().from(userLevelChanges).where(eq(userLevelChanges.userId, id))).toMatchObject([{ fromLevel: 3, toLevel: 2, changedBy: operatorId }]);
  });

  it('"sin nivel" stays: the next sign-in does not derive a level again', async () => {
    const id = await createUser(ctx.db, { email: 'nadia@andes.cl', level: 3, companyId: andesId });
    expect((await send(operator, 'PUT', `/api/admin/users/${id}/level`, { level: null })).json().level).toBeNull();
    const nadia = await signIn(ctx.app, 'nadia@andes.cl');
    expect((await send(nadia, 'GET', '/api/me')).json().level).toBeNull();
    expect((await send(nadia, 'GET', '/api/catalogue')).statusCode).toBe(403);
  });

  it('refuses removing your own level 1, the last active level 1 (two operators demoting each other), and an unknown level', async () => {
    const own = await send(operator, 'PUT', `/api/admin/users/${operatorId}/level`, { level: 3 });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('No puedes quitarte tu propio nivel 1. Pide a otro administrador de la plataforma que lo haga.');
    const secondId = await createUser(ctx.db, { email: 'dos@jobby.cl', level: 1 });
    const second = await signIn(ctx.app, 'dos@jobby.cl');
    const [a, b] = await Promise.all([
      send(operator, 'PUT', `/api/admin/users/${secondId}/level`, { level: 3 }),
      send(second, 'PUT', `/api/admin/users/${operatorId}/level`, { level: 3 }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // Serialised by the locks: the second sees the first's change. On PGlite the second caller may
    // already be refused at the door (403) when the first committed before its request started.
    expect(statuses[0]).toBe(200);
    const loser = a.statusCode === 200 ? b : a;
    if (loser.statusCode === 409) expect(loser.json().error.message).toBe('No se puede quitar el nivel 1 a la última cuenta de administrador de la plataforma');
    else expect(loser.statusCode).toBe(403);
    expect(await ctx.db.$count(users, and(eq(users.level, 1), eq(users.status, 'active')))).toBe(1);
    // Both back to level 1 for the tests that follow (their sessions are still valid).
    await ctx.db.update(users).set({ level: 1 }).where(inArray(users.id, [operatorId, secondId]));
    const wrong = await send(operator, 'PUT', `/api/admin/users/${secondId}/level`, { level: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('El nivel debe ser 1, 2, 3, 4 o ninguno');
    const missing = await send(operator, 'PUT', '/api/admin/users/nadie/level', { level: 3 });
    expect(missing.statusCode).toBe(404);
  });

  it('lists, searches and counts per level with recommendations equal to counts made here', async () => {
    await createUser(ctx.db, { email: 'sin-empresa@gmail.com', level: 3, companyId: null });
    await createUser(ctx.db, { email: 'sin-nivel@gmail.com', level: null });
    const summary = (await send(operator, 'GET', '/api/admin/users/summary')).json();
    const byLevel = async (level: number | null) => ctx.db.$count(users, level === null ? undefined : eq(users.level, level));
    expect(summary.total).toBe(await byLevel(null));
    for (const level of [1, 2, 3, 4]) expect(summary.byLevel[level]).toBe(await byLevel(level));
    const kinds = Object.fromEntries(summary.recommendations.map((r: { kind: string; count: number; link: string }) => [r.kind, r]));
    expect(kinds.users_without_level).toMatchObject({ link: '/level1/users/assign-levels' });
    expect(kinds.employees_without_company.count).toBeGreaterThanOrEqual(1);
    // Andes allows 1 user and has more.
    expect(kinds.companies_over_max_users).toMatchObject({ count: 1, link: '/level1/companies' });
    const page = (await send(operator, 'GET', '/api/admin/users?level=none&limit=1')).json();
    expect(page.items).toMatchObject([{ email: 'sin-nivel@gmail.com', level: null }]);
    const found = (await send(operator, 'GET', '/api/admin/users?search=ANDES')).json();
    expect(found.total).toBe(await ctx.db.$count(users, eq(users.companyId, andesId)));
    // The company's name alone finds its people (their names and addresses do not say it), and a
    // search's total counts exactly its matches (the search no longer joins every account).
    const norte = await createCompany(ctx.db, 'Cordillera Norte', { emailDomain: 'cnorte.cl' });
    await createUser(ctx.db, { email: 'ximena@cnorte.cl', name: 'Ximena Soto', level: 3, companyId: norte });
    const byCompany = (await send(operator, 'GET', '/api/admin/users?search=cordillera')).json();
    expect(byCompany).toMatchObject({ total: 1, items: [{ email: 'ximena@cnorte.cl', companyName: 'Cordillera Norte' }] });
    const byNameOrCompany = (await send(operator, 'GET', '/api/admin/users?search=soto')).json();
    expect(byNameOrCompany.items.map((u: { email: string }) => u.email)).toEqual(['ximena@cnorte.cl']);
    expect((await send(operator, 'GET', '/api/admin/users?search=sin%25nada')).json()).toEqual({ items: [], total: 0 });
    expect((await send(operator, 'GET', '/api/admin/users?limit=101')).statusCode).toBe(400);
  });
});

describe('the dashboard', () => {
  it('answers every figure equal to a count made here, the 5 newest companies and the 10 latest used codes', async () => {
    const cafe = await employee(ctx, 'cafe@jobby.sup', null, 4);
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Espresso', providerUserId: cafe.id });
    for (let i = 0; i < 2; i++) {
      const { code } = (await send(ana.cookie, 'POST', '/api/redemptions', { kind: 'platform', benefitId: benefit.id })).json();
      expect((await send(cafe.cookie, 'POST', '/api/codes/verify', { code: code.code })).statusCode).toBe(200);
    }
    // Distinct creation times: companies made within one millisecond would tie and sort by id.
    const names = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'];
    for (const [i, name] of names.entries()) await createCompany(ctx.db, name, { createdAt: new Date(Date.now() + (i + 1) * 1000) });
    // The used codes are counted by the outbox workers (decision 110), which the server runs on its own.
    await runOutbox(ctx);
    const res = await send(operator, 'GET', '/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({
      companies: await ctx.db.$count(companies),
      users: await ctx.db.$count(users),
      platformBenefits: await ctx.db.$count(platformBenefits, eq(platformBenefits.status, 'active')),
      pendingRequests: await ctx.db.$count(
        benefitRequests,
        and(isNotNull(benefitRequests.platformBenefitId), inArray(benefitRequests.status, ['pending', 'pending_provider_approval', 'pending_admin_approval'])),
      ),
      completedCodes: await ctx.db.$count(benefitCodes, eq(benefitCodes.status, 'used')),
    });
    expect(body.recentCompanies.map((c: { name: string }) => c.name)).toEqual(['Seis', 'Cinco', 'Cuatro', 'Tres', 'Dos']);
    expect(body.recentCodes[0]).toMatchObject({ benefitName: 'Espresso', isBenefitJobby: true, userName: 'ana', companyName: 'Andes', providerName: 'cafe' });
    expect(body.recentCodes.length).toBeLessThanOrEqual(10);
  });
});

describe('a deactivated company', () => {
  it('lets its people read and sign in, and refuses every change but their own profile', async () => {
    const closedId = await createCompany(ctx.db, 'Cerrada', { emailDomain: 'cerrada.cl' });
    const hr = await employee(ctx, 'admin@cerrada.cl', closedId, 2);
    const leo = await employee(ctx, 'leo@cerrada.cl', closedId);
    await send(operator, 'POST', `/api/companies/${closedId}/status`, { status: 'inactive' });
    expect((await send(hr.cookie, 'GET', '/api/company/employees')).statusCode).toBe(200);
    expect((await send(leo.cookie, 'GET', '/api/requests/mine')).statusCode).toBe(200);
    const assign = await send(hr.cookie, 'POST', '/api/company/tokens/assign', { userId: leo.id, amount: 5 });
    expect(assign.statusCode).toBe(403);
    expect(assign.json().error.message).toBe('Tu empresa está inactiva: puedes consultar tu información, pero no realizar cambios.');
    expect((await send(hr.cookie, 'POST', '/api/company-benefits', { title: 'Tarde libre', description: 'Sal temprano' })).statusCode).toBe(403);
    expect((await send(leo.cookie, 'PUT', '/api/me/theme', { theme: 'dark' })).statusCode).toBe(200);
    expect(await signIn(ctx.app, 'leo@cerrada.cl', PASSWORD)).not.toBe('');
  });
});
