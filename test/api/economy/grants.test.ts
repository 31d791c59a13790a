/**
 * Every money moment is confirmed and reversible (decisions 358–361): a whole-number
 * amount with its own message, the large-grant threshold enforced by the server, a grant taken back
 * by a reversing transfer that names it (once, within what the person still holds, by HR for its
 * company's tokens and by level 1 for flexible ones), and no tokens for a deactivated person (D).
 * The racing reversals run on PostgreSQL only (decision 382).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, notifications } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { drainOutbox } from '../engine/fixtures';
import { balancesOf, createCompanyBenefit, economySnapshot, employee, getter, ledgerViolations, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyId: string;
let otherCompanyId: string;
let admin: EmployeeSession;
let hr: EmployeeSession;
let otherHr: EmployeeSession;
let provider: EmployeeSession;
let isidora: EmployeeSession;

const INTEGER_MESSAGE = 'La cantidad debe ser un número entero';

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyId = await createCompany(ctx.db, 'Andes');
  otherCompanyId = await createCompany(ctx.db, 'Austral');
  admin = await employee(ctx, 'plataforma@jobby.cl', null, 1);
  hr = await employee(ctx, 'admin@andes.cl', companyId, 2);
  otherHr = await employee(ctx, 'admin@austral.cl', otherCompanyId, 2);
  provider = await employee(ctx, 'cafe@jobby.sup', null, 4);
  const isidoraId = await createUser(ctx.db, { email: 'isidora@andes.cl', name: 'Isidora Contreras', companyId });
  isidora = { id: isidoraId, email: 'isidora@andes.cl', cookie: await signIn(ctx.app, 'isidora@andes.cl') };
});
afterAll(async () => ctx.close());

const assign = (body: Record<string, unknown>, cookie = hr.cookie, headers: Record<string, string> = {}) => post('/api/company/tokens/assign', cookie, body, headers);
const reverseCompany = (transferId: number | string, cookie = hr.cookie, headers: Record<string, string> = {}) =>
  post(`/api/company/tokens/grants/${transferId}/reverse`, cookie, {}, headers);
const reversePlatform = (transferId: number | string, cookie = admin.cookie) => post(`/api/admin/tokens/grants/${transferId}/reverse`, cookie, {});

describe('a decimal amount (decision 358)', () => {
  it('is refused with "La cantidad debe ser un número entero" by HR single and bulk and level 1, changing nothing', async () => {
    const before = await economySnapshot(ctx.db);
    for (const [url, cookie, body] of [
      ['/api/company/tokens/assign', hr.cookie, { userId: isidora.id, amount: 2.5 }],
      ['/api/company/tokens/assign-bulk', hr.cookie, { userIds: [isidora.id], amount: 2.5 }],
      ['/api/admin/tokens/add', admin.cookie, { userId: isidora.id, amount: 2.5 }],
      ['/api/admin/tokens/remove', admin.cookie, { userId: isidora.id, amount: 0.5 }],
    ] as const) {
      const res = await post(url, cookie, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(INTEGER_MESSAGE);
    }
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });
});

describe('the large-grant threshold (decision 358)', () => {
  it('refuses more than 100 per person without confirmLarge when the company has no allowance, and grants it with it', async () => {
    const before = await economySnapshot(ctx.db);
    const refused = await assign({ userId: isidora.id, amount: 1000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'LARGE_GRANT_UNCONFIRMED',
      message: 'Asignar 1.000 tokens a una persona supera el umbral de 100 tokens: confirma la asignación grande (confirmLarge: true).',
    });
    const bulk = await post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [isidora.id], amount: 101 });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().error.code).toBe('LARGE_GRANT_UNCONFIRMED');
    expect(await economySnapshot(ctx.db)).toEqual(before);

    expect((await assign({ userId: isidora.id, amount: 100 })).statusCode).toBe(200);
    const confirmed = await assign({ userId: isidora.id, amount: 1000, confirmLarge: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().balanceAfter).toBe(1100);
  });

  it('moves to 10× the monthly allowance when the company has one, for an API key too', async () => {
    const company = await createCompany(ctx.db, 'Mensual');
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 50 }).where(eq(companies.id, company));
    const hrM = await employee(ctx, 'admin@mensual.cl', company, 2);
    const pedro = await employee(ctx, 'pedro@mensual.cl', company);
    expect((await assign({ userId: pedro.id, amount: 500 }, hrM.cookie)).statusCode).toBe(200);
    expect((await assign({ userId: pedro.id, amount: 501 }, hrM.cookie)).json().error.code).toBe('LARGE_GRANT_UNCONFIRMED');

    const created = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(hrM.cookie), payload: { name: 'Nómina', scopes: ['tokens:assign'] } });
    expect(created.statusCode, created.body).toBe(200);
    const byKey = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/company/tokens/assign', headers: { authorization: `Bearer ${created.json().secret}` }, payload: body });
    expect((await byKey({ userId: pedro.id, amount: 501 })).json().error.code).toBe('LARGE_GRANT_UNCONFIRMED');
    expect((await byKey({ userId: pedro.id, amount: 501, confirmLarge: true })).statusCode).toBe(200);
    expect((await balancesOf(ctx.db, pedro.id)).company).toBe(1001);
  });
});

describe('no tokens for a deactivated person (decision 361)', () => {
  it("level 1's 'Agregar tokens' refuses her in Spanish and changes nothing", async () => {
    const gone = await createUser(ctx.db, { email: 'ida@andes.cl', companyId, status: 'inactive' });
    const before = await economySnapshot(ctx.db);
    const res = await post('/api/admin/tokens/add', admin.cookie, { userId: gone, amount: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'EMPLOYEE_INACTIVE', message: 'El colaborador está inactivo: no puede recibir tokens' });
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });
});

describe('reversing a grant (decision 359)', () => {
  it('takes an HR grant back whole, once, naming it, and the person sees both lines and hears it in the bell', async () => {
    const start = (await balancesOf(ctx.db, isidora.id)).company;
    const granted = (await assign({ userId: isidora.id, amount: 40, reason: 'Bono' })).json();
    const key = { 'idempotency-key': 'reverse-bono' };
    const reversed = await reverseCompany(granted.transferId, hr.cookie, key);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ reversesTransferId: granted.transferId, userId: isidora.id, tokenType: 'company', amount: 40, balanceAfter: start });
    const again = await reverseCompany(granted.transferId, hr.cookie, key);
    expect(again.headers['idempotency-hit']).toBe('true');
    expect(again.body).toBe(reversed.body);
    expect((await balancesOf(ctx.db, isidora.id)).company).toBe(start);

    const wallet = (await get('/api/me/wallet?tokenType=company&limit=2', isidora.cookie)).json();
    expect(wallet.items).toEqual([
      expect.objectContaining({ id: reversed.json().transferId, type: 'remove', kind: 'revoke', amount: 40, reason: 'Reversión: Bono', reversesTransferId: granted.transferId, balanceAfter: start }),
      expect.objectContaining({ id: granted.transferId, type: 'add', kind: 'grant', amount: 40, reversedByTransferId: reversed.json().transferId }),
    ]);
    const hrHistory = (await get(`/api/company/tokens/history?userId=${isidora.id}&limit=2`, hr.cookie)).json();
    expect(hrHistory.items.map((e: { id: number }) => e.id)).toEqual([reversed.json().transferId, granted.transferId]);
    // HR's export names the reversal as the screens do, not as a plain 'Quitado'.
    const exported = (await get('/api/company/tokens/history/export', hr.cookie)).body.split('\r\n');
    expect(exported.find((line: string) => line.includes('Reversión: Bono'))).toContain(';Reversión;40;');

    const second = await reverseCompany(granted.transferId);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'GRANT_ALREADY_REVERSED', message: 'Esta asignación ya fue revertida.' });
    const ofReversal = await reverseCompany(reversed.json().transferId);
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json().error.code).toBe('GRANT_NOT_REVERSIBLE');

    await drainOutbox(ctx.db);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, isidora.id));
    const told = bell.filter((n) => n.type === 'tokens_reversed');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: '/level3/wallet', params: { amount: 40, tokenType: 'company', reason: 'Reversión: Bono' } });
    const list = (await get('/api/notifications', isidora.cookie)).json();
    expect(list.items.find((n: { type: string }) => n.type === 'tokens_reversed')).toMatchObject({ title: 'Asignación revertida', body: 'Se revirtió una asignación de 40 tokens de empresa: Reversión: Bono.' });
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
  });

  it('refuses when the person holds less than the grant, changing nothing', async () => {
    const tomas = await employee(ctx, 'tomas@andes.cl', companyId);
    const granted = (await assign({ userId: tomas.id, amount: 10 })).json();
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: 'Tarde libre', tokenCost: 4, requiresApproval: false });
    expect((await post('/api/redemptions', tomas.cookie, { kind: 'company', benefitId: benefit.id })).statusCode).toBe(200);
    const before = await economySnapshot(ctx.db);
    const refused = await reverseCompany(granted.transferId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'REVERSAL_EXCEEDS_BALANCE', message: 'No se puede revertir la asignación de 10 tokens: el colaborador solo tiene 6 tokens.' });
    expect(await economySnapshot(ctx.db)).toEqual(before);
  });

  it('lets HR reverse only its own company’s company-token grants, and level 1 only flexible ones', async () => {
    const company = (await assign({ userId: isidora.id, amount: 3 })).json();
    const flexible = (await post('/api/admin/tokens/add', admin.cookie, { userId: isidora.id, amount: 3 })).json();
    const before = await economySnapshot(ctx.db);
    // Another company's HR: the grant does not exist for it.
    expect((await reverseCompany(company.transferId, otherHr.cookie)).json().error).toEqual({ code: 'GRANT_NOT_FOUND', message: 'Asignación no encontrada' });
    // HR and a flexible grant; level 1 and a company grant.
    expect((await reverseCompany(flexible.transferId)).json().error.code).toBe('GRANT_NOT_FOUND');
    const hrOnly = await reversePlatform(company.transferId);
    expect(hrOnly.statusCode).toBe(409);
    expect(hrOnly.json().error.message).toBe('Una asignación de tokens de empresa solo la revierte RR.HH. de esa empresa.');
    // No such transfer, or not a number.
    expect((await reverseCompany(999_999_999)).statusCode).toBe(404);
    expect((await reverseCompany('abc')).statusCode).toBe(400);
    // Levels 3 and 4 on both routes; HR on level 1's and level 1 on HR's.
    for (const cookie of [isidora.cookie, provider.cookie]) {
      expect((await reverseCompany(company.transferId, cookie)).statusCode).toBe(403);
      expect((await reversePlatform(flexible.transferId, cookie)).statusCode).toBe(403);
    }
    expect((await reversePlatform(flexible.transferId, hr.cookie)).statusCode).toBe(403);
    expect((await reverseCompany(company.transferId, admin.cookie)).statusCode).toBe(403);
    expect(await economySnapshot(ctx.db)).toEqual(before);

    const byAdmin = await reversePlatform(flexible.transferId);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ tokenType: 'jobby', amount: 3, reversesTransferId: flexible.transferId });
    expect((await reverseCompany(company.transferId)).statusCode).toBe(200);
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
  });

  raceTest('reverses a grant once when 8 reversals race, and the grant and its reversal net to zero', async () => {
    const racer = await employee(ctx, 'carrera@andes.cl', companyId);
    await assign({ userId: racer.id, amount: 30 });
    const granted = (await assign({ userId: racer.id, amount: 20 })).json();
    const answers = await Promise.all(Array.from({ length: 8 }, () => reverseCompany(granted.transferId)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().error.code).toBe('GRANT_ALREADY_REVERSED');
    expect((await balancesOf(ctx.db, racer.id)).company).toBe(30);
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
  });
});
