/**
 * Approving and rejecting requests (spec part 1 §4, spec part 2 §4) and the three request lists. Requests
 * are made the way an employee makes them, through POST /api/redemptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { CODE_VALIDITY_DAYS } from '#domain/constants';
import {
  benefitCodes,
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerTransfers,
  platformBenefits,
  redemptions,
} from '#server/db/schema';
import { as, createCompany, createTestContext, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import {
  balancesOf,
  createCompanyBenefit,
  createPlatformBenefit,
  economySnapshot,
  employee,
  fund,
  getter,
  ledgerViolations,
  poster,
  type EmployeeSession,
} from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyA: string;
let companyB: string;
let admin: EmployeeSession;
let hrA: EmployeeSession;
let hrB: EmployeeSession;
let cinema: EmployeeSession;
let theatre: EmployeeSession;
let ana: EmployeeSession;
let bruno: EmployeeSession;
let managed: { id: string };
let thirdParty: { id: string };
let thirdPartyOfCinema: { id: string };
let internalA: { id: string };
let internalB: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyA = await createCompany(ctx.db, 'Andes');
  companyB = await createCompany(ctx.db, 'Austral');
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  hrA = await employee(ctx, 'admin@andes.cl', companyA, 2);
  hrB = await employee(ctx, 'admin@austral.cl', companyB, 2);
  cinema = await employee(ctx, 'cine@jobby.sup', null, 4);
  theatre = await employee(ctx, 'teatro@jobby.sup', null, 4);
  ana = await employee(ctx, 'ana@andes.cl', companyA, 3);
  bruno = await employee(ctx, 'bruno@austral.cl', companyB, 3);
  managed = await createPlatformBenefit(ctx.db, { title: 'Cine 2x1', type: 'managed', tokenCost: 3, stockRemaining: 10, providerUserId: cinema.id });
  thirdParty = await createPlatformBenefit(ctx.db, { title: 'Gift card librería', type: 'third_party', tokenCost: 2, stockRemaining: null });
  thirdPartyOfCinema = await createPlatformBenefit(ctx.db, { title: 'Butaca VIP', type: 'third_party', tokenCost: 1, stockRemaining: null, providerUserId: cinema.id });
  internalA = await createCompanyBenefit(ctx.db, companyA, { title: 'Día libre', tokenCost: 2, availableTokens: 5, limitPerUser: 1, requiresApproval: true });
  internalB = await createCompanyBenefit(ctx.db, companyB, { title: 'Yoga', tokenCost: 1, availableTokens: 5, limitPerUser: 5, requiresApproval: true });
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'jobby', 100);
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'company', 20);
  await fund(ctx.db, { userId: bruno.id, companyId: companyB }, 'jobby', 100);
  await fund(ctx.db, { userId: bruno.id, companyId: companyB }, 'company', 20);
});
afterAll(async () => ctx.close());

/** Redeems through the real endpoint and returns the new request's id. */
async function redeem(who: EmployeeSession, kind: 'platform' | 'company', benefitId: string): Promise<string> {
  const res = await post('/api/redemptions', who.cookie, { kind, benefitId });
  if (res.statusCode !== 200) throw new Error(`redemption failed: ${res.body}`);
  return res.json().requestId as string;
}

const requestRow = async (id: string) => (await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.id, id)))[0];
const codesOf = (requestId: string) => ctx.db.select().from(benefitCodes).where(eq(benefitCodes.requestId, requestId));
const transfersOf = (requestId: string) =>
  ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.requestId, requestId)).orderBy(asc(ledgerTransfers.id));
const approve = (who: EmployeeSession, id: string, body: object = {}, headers: Record<string, string> = {}) =>
  post(`/api/requests/${id}/approve`, who.cookie, body, headers);
const reject = (who: EmployeeSession, id: string, body: object = {}) => post(`/api/requests/${id}/reject`, who.cookie, body);

/** Everything a decision could change about one request, to prove that a refused one changed nothing. */
async function stateOf(requestId: string) {
  return { request: await requestRow(requestId), codes: await codesOf(requestId), economy: await economySnapshot(ctx.db) };
}

async function expectLedgerBalanced() {
  const violations = await ledgerViolations(ctx.db);
  expect(violations.mismatched).toEqual([]);
  expect(violations.unbalancedAssets).toEqual([]);
}

describe('rejection refunds', () => {
  it('gives the tokens back with a transfer that reverses the spend, and restores the stock unit', async () => {
    const before = await balancesOf(ctx.db, ana.id);
    const requestId = await redeem(ana, 'platform', managed.id);
    expect((await balancesOf(ctx.db, ana.id)).jobby).toBe(before.jobby - 3);
    expect((await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, managed.id)))[0].stockRemaining).toBe(9);

    const res = await reject(admin, requestId, { reason: 'Sin funciones disponibles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: requestId, status: 'rejected', adminId: admin.id, code: null, adminInstructions: null, decisionNote: 'Sin funciones disponibles' });
    expect(res.json().processedDate).not.toBeNull();

    expect((await balancesOf(ctx.db, ana.id)).jobby).toBe(before.jobby);
    expect((await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, managed.id)))[0].stockRemaining).toBe(10);
    const [spend, refund] = await transfersOf(requestId);
    expect(spend).toMatchObject({ kind: 'spend', amount: 3 });
    expect(refund).toMatchObject({
      kind: 'refund',
      amount: 3,
      reversesTransferId: spend.id,
      fromAccount: spend.toAccount,
      toAccount: spend.fromAccount,
      walletUserId: ana.id,
      tokenType: 'jobby',
      actorId: admin.id,
    });
    expect(refund.balanceAfter).toBe(before.jobby);
    expect((await ctx.db.select().from(redemptions).where(eq(redemptions.requestId, requestId)))[0].status).toBe('refunded');
    expect(await codesOf(requestId)).toEqual([]);
    await expectLedgerBalanced();
  });

  it('restores a company benefit unit and the per-user count, so the employee may redeem it again', async () => {
    const before = await balancesOf(ctx.db, ana.id);
    const requestId = await redeem(ana, 'company', internalA.id);
    expect((await requestRow(requestId)).status).toBe('pending');
    const userCount = () =>
      ctx.db
        .select({ count: companyBenefitUserCounts.count })
        .from(companyBenefitUserCounts)
        .where(and(eq(companyBenefitUserCounts.benefitId, internalA.id), eq(companyBenefitUserCounts.userId, ana.id)));
    expect(await userCount()).toEqual([{ count: 1 }]);

    const res = await reject(hrA, requestId);
    expect(res.statusCode).toBe(200);
    expect((await balancesOf(ctx.db, ana.id)).company).toBe(before.company);
    expect((await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, internalA.id)))[0].availableTokens).toBe(5);
    expect(await userCount()).toEqual([{ count: 0 }]);
    const [spend, refund] = await transfersOf(requestId);
    expect(refund).toMatchObject({ kind: 'refund', reversesTransferId: spend.id, fromAccount: `company:${companyA}:spent`, tokenType: 'company' });

    // limitPerUser is 1: the refunded redemption no longer counts.
    const again = await redeem(ana, 'company', internalA.id);
    expect((await requestRow(again)).status).toBe('pending');
    await expectLedgerBalanced();
  });
});

describe('approval', () => {
  it('needs instructions for a token-paid request awaiting admin approval', async () => {
    const requestId = await redeem(ana, 'platform', thirdParty.id);
    expect((await requestRow(requestId)).status).toBe('pending_admin_approval');
    for (const body of [{}, { adminInstructions: '   ' }]) {
      const res = await approve(admin, requestId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'INSTRUCTIONS_REQUIRED', message: 'Las instrucciones son obligatorias para aprobar esta solicitud' });
    }
    expect((await requestRow(requestId)).status).toBe('pending_admin_approval');
    expect(await codesOf(requestId)).toEqual([]);
  });

  it('creates one active code valid for 30 days; approving again is REQUEST_NOT_PENDING and creates nothing', async () => {
    const requestId = await redeem(ana, 'platform', thirdParty.id);
    const startedAt = Date.now();
    const res = await approve(admin, requestId, { adminInstructions: 'Retira tu gift card en recepción' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'approved', adminId: admin.id, adminInstructions: 'Retira tu gift card en recepción', userName: 'ana', userEmail: 'ana@andes.cl', companyName: 'Andes' });
    expect(body.code).toMatchObject({ status: 'active', usedAt: null });
    expect(body.code.code).toMatch(/^[A-Z0-9]{8}$/);
    const expiresAt = new Date(body.code.expiresAt).getTime();
    const thirtyDays = CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(startedAt + thirtyDays - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + thirtyDays + 1000);

    const [code] = await codesOf(requestId);
    expect(code).toMatchObject({ code: body.code.code, status: 'active', createdBy: admin.id, providerUserId: null, adminInstructions: 'Retira tu gift card en recepción' });
    const before = await stateOf(requestId);

    const second = await approve(admin, requestId, { adminInstructions: 'otra vez' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'REQUEST_NOT_PENDING', message: 'La solicitud ya fue procesada' });
    const late = await reject(admin, requestId);
    expect(late.statusCode).toBe(409);
    expect(await stateOf(requestId)).toEqual(before);
    expect(await codesOf(requestId)).toHaveLength(1);
  });

  it('lets the linked provider approve a managed request; its code can only be redeemed by that provider', async () => {
    const requestId = await redeem(ana, 'platform', managed.id);
    const res = await approve(cinema, requestId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', adminId: cinema.id });
    expect((await codesOf(requestId))[0].providerUserId).toBe(cinema.id);
    // Processed by itself: a second decision says so instead of "not found".
    expect((await reject(cinema, requestId)).json().error.code).toBe('REQUEST_NOT_PENDING');
  });

  it('lets HR approve its own company request, with no body at all', async () => {
    const requestId = await redeem(bruno, 'company', internalB.id);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/requests/${requestId}/approve`, headers: as(hrB.cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', isBenefitJobby: false, code: { status: 'active' } });
  });

  it('answers a retried approval with the stored answer (Idempotency-Key) and issues one code', async () => {
    const requestId = await redeem(ana, 'platform', managed.id);
    const first = await approve(admin, requestId, {}, { 'idempotency-key': 'aprobar-1' });
    const retry = await approve(admin, requestId, {}, { 'idempotency-key': 'aprobar-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotency-hit']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await codesOf(requestId)).toHaveLength(1);
  });

  raceTest('decides once when approval and rejection race: a code or a refund, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const requestId = await redeem(ana, 'platform', managed.id);
      const [approved, rejected] = await Promise.all([approve(admin, requestId), reject(cinema, requestId)]);
      expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
      const codes = await codesOf(requestId);
      const refunds = (await transfersOf(requestId)).filter((t) => t.kind === 'refund');
      if (approved.statusCode === 200) {
        expect([codes.length, refunds.length]).toEqual([1, 0]);
      } else {
        expect([codes.length, refunds.length]).toEqual([0, 1]);
      }
    }
    await expectLedgerBalanced();
  });
});

describe('who may process what', () => {
  it("answers 404 to HR for another company's request and changes nothing", async () => {
    const requestId = await redeem(ana, 'company', (await createCompanyBenefit(ctx.db, companyA, { title: 'Masaje', requiresApproval: true })).id);
    const before = await stateOf(requestId);
    for (const res of [await approve(hrB, requestId), await reject(hrB, requestId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Solicitud no encontrada');
    }
    expect(await stateOf(requestId)).toEqual(before);
  });

  it('answers 404 to a provider for a managed request of a benefit linked to another provider', async () => {
    const requestId = await redeem(ana, 'platform', managed.id);
    const before = await stateOf(requestId);
    expect((await approve(theatre, requestId)).statusCode).toBe(404);
    expect((await reject(theatre, requestId)).statusCode).toBe(404);
    expect(await stateOf(requestId)).toEqual(before);
  });

  it('answers 404 to a provider for a request awaiting admin approval, even of its own benefit', async () => {
    const requestId = await redeem(ana, 'platform', thirdPartyOfCinema.id);
    const before = await stateOf(requestId);
    expect((await approve(cinema, requestId, { adminInstructions: 'x' })).statusCode).toBe(404);
    expect(await stateOf(requestId)).toEqual(before);
  });

  it('answers 404 to level 1 for a company-benefit request, and to HR for a platform one', async () => {
    const companyRequest = await redeem(bruno, 'company', internalB.id);
    const platformRequest = await redeem(bruno, 'platform', managed.id);
    const before = [await stateOf(companyRequest), await stateOf(platformRequest)];
    expect((await approve(admin, companyRequest)).json().error.code).toBe('REQUEST_NOT_FOUND');
    expect((await reject(admin, companyRequest)).json().error.code).toBe('REQUEST_NOT_FOUND');
    expect((await approve(hrB, platformRequest)).json().error.code).toBe('REQUEST_NOT_FOUND');
    expect((await reject(hrB, platformRequest)).json().error.code).toBe('REQUEST_NOT_FOUND');
    expect([await stateOf(companyRequest), await stateOf(platformRequest)]).toEqual(before);
  });

  it('answers 403 to an employee and 404 to an unknown id', async () => {
    const requestId = await redeem(bruno, 'company', internalB.id);
    const before = await stateOf(requestId);
    expect((await approve(bruno, requestId)).statusCode).toBe(403);
    expect((await reject(bruno, requestId)).statusCode).toBe(403);
    expect(await stateOf(requestId)).toEqual(before);
    expect((await approve(admin, '00000000-0000-4000-8000-00000000abcd')).statusCode).toBe(404);
  });
});

describe('request lists', () => {
  it('shows level 1 the platform requests only, pending first, with a pending count, filters and search', async () => {
    const res = await get('/api/admin/requests?limit=100', admin.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const platformTotal = await ctx.db.$count(benefitRequests, eq(benefitRequests.isBenefitJobby, true));
    expect(list.total).toBe(platformTotal);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((r: { isBenefitJobby: boolean }) => r.isBenefitJobby)).toBe(true);
    const isPending = (r: { status: string }) => r.status.startsWith('pending');
    const firstDone = list.items.findIndex((r: { status: string }) => !isPending(r));
    expect(list.items.slice(firstDone).some(isPending)).toBe(false);
    expect(list.pendingCount).toBe(list.items.filter(isPending).length);

    const pending = (await get('/api/admin/requests?filter=pending&limit=100', admin.cookie)).json();
    expect(pending.total).toBe(list.pendingCount);
    const rejected = (await get('/api/admin/requests?filter=rejected', admin.cookie)).json();
    expect(rejected.items.length).toBeGreaterThan(0);
    expect(rejected.items.every((r: { status: string }) => r.status === 'rejected')).toBe(true);

    const byEmail = (await get('/api/admin/requests?search=bruno@austral&limit=100', admin.cookie)).json();
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.items.every((r: { userId: string }) => r.userId === bruno.id)).toBe(true);
    const byBenefit = (await get('/api/admin/requests?search=gift%20card&limit=100', admin.cookie)).json();
    expect(byBenefit.items.length).toBeGreaterThan(0);
    expect(byBenefit.items.every((r: { benefitName: string }) => r.benefitName === 'Gift card librería')).toBe(true);
    expect(byBenefit.total).toBe(await ctx.db.$count(benefitRequests, eq(benefitRequests.platformBenefitId, thirdParty.id)));
  });

  it('shows HR only its own company benefit requests, pending first then newest', async () => {
    const list = (await get('/api/company/requests?limit=100', hrA.cookie)).json();
    expect(list.total).toBe(await ctx.db.$count(benefitRequests, and(eq(benefitRequests.companyId, companyA), eq(benefitRequests.isBenefitJobby, false))));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((r: { companyId: string; isBenefitJobby: boolean }) => r.companyId === companyA && !r.isBenefitJobby)).toBe(true);
    const ranks = list.items.map((r: { status: string; requestDate: string }) => [r.status === 'pending' ? 0 : 1, -Date.parse(r.requestDate)]);
    const sorted = [...ranks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(ranks).toEqual(sorted);
    expect(list.items.some((r: { status: string }) => r.status === 'pending')).toBe(true);
  });

  it('shows a provider the managed requests waiting for it, and nothing of other providers', async () => {
    const requestId = await redeem(bruno, 'platform', managed.id);
    const mine = (await get('/api/provider/requests', cinema.cookie)).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toContain(requestId);
    expect(mine.items.every((r: { status: string; benefitId: string }) => r.status === 'pending_provider_approval' && r.benefitId === managed.id)).toBe(true);
    expect((await get('/api/provider/requests', theatre.cookie)).json()).toMatchObject({ items: [], total: 0, pendingCount: 0 });
  });
});
