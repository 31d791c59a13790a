/**
 * Who may move or see tokens (ARCHITECTURE §9): every token-economy route called as
 * each level with a body that would really change something, and levels 2 and 3 aimed at another
 * company's records. The database is re-read to prove that every refused call changed nothing.
 * (test/api/authorization.test.ts checks 401/403 for every route with empty bodies.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '#domain/levels';
import { domainEvents, notifications, platformBenefitUserCounts } from '#server/db/schema';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { createCompanyBenefit, createPlatformBenefit, economySnapshot, employee, fund, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
const sessions: Partial<Record<Level, EmployeeSession>> = {};
let otherHr: EmployeeSession;
let otherEmployee: EmployeeSession;
let companyId: string;
let otherCompanyId: string;
let platformBenefitId: string;
let companyBenefitId: string;
let otherCompanyBenefitId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyId = await createCompany(ctx.db, 'Propia');
  otherCompanyId = await createCompany(ctx.db, 'Otra');
  sessions[1] = await employee(ctx, 'root@jobby.cl', null, 1);
  sessions[2] = await employee(ctx, 'admin@propia.cl', companyId, 2);
  sessions[3] = await employee(ctx, 'ana@propia.cl', companyId, 3);
  sessions[4] = await employee(ctx, 'tienda@jobby.sup', null, 4);
  otherHr = await employee(ctx, 'admin@otra.cl', otherCompanyId, 2);
  otherEmployee = await employee(ctx, 'bruno@otra.cl', otherCompanyId, 3);
  for (const who of [sessions[3], otherEmployee]) {
    const owner = { userId: who.id, companyId: who === otherEmployee ? otherCompanyId : companyId };
    await fund(ctx.db, owner, 'jobby', 50);
    await fund(ctx.db, owner, 'company', 50);
  }
  platformBenefitId = (await createPlatformBenefit(ctx.db, { stockRemaining: 10 })).id;
  companyBenefitId = (await createCompanyBenefit(ctx.db, companyId)).id;
  otherCompanyBenefitId = (await createCompanyBenefit(ctx.db, otherCompanyId)).id;
});
afterAll(async () => ctx.close());

type Call = { method: 'GET' | 'POST'; url: string; allowed: Level; body?: () => object };

const employeeId = () => (sessions[3] as EmployeeSession).id;
const ROUTES: Call[] = [
  { method: 'GET', url: '/api/admin/employees', allowed: 1 },
  { method: 'POST', url: '/api/admin/tokens/add', allowed: 1, body: () => ({ userId: employeeId(), amount: 5 }) },
  { method: 'POST', url: '/api/admin/tokens/remove', allowed: 1, body: () => ({ userId: employeeId(), amount: 5 }) },
  { method: 'GET', url: '/api/admin/tokens/history', allowed: 1 },
  { method: 'GET', url: '/api/company/employees', allowed: 2 },
  { method: 'POST', url: '/api/company/tokens/assign', allowed: 2, body: () => ({ userId: employeeId(), amount: 5 }) },
  { method: 'POST', url: '/api/company/tokens/assign-bulk', allowed: 2, body: () => ({ userIds: [employeeId()], amount: 5 }) },
  { method: 'GET', url: '/api/company/tokens/history', allowed: 2 },
  { method: 'GET', url: '/api/catalogue', allowed: 3 },
  { method: 'POST', url: '/api/redemptions', allowed: 3, body: () => ({ kind: 'platform', benefitId: platformBenefitId }) },
  { method: 'GET', url: '/api/requests/mine', allowed: 3 },
];

const call = (route: Call, who: EmployeeSession) =>
  route.method === 'GET' ? get(route.url, who.cookie) : post(route.url, who.cookie, route.body?.() ?? {});

describe('every token-economy route as every level', () => {
  it('refuses the levels it does not allow with 403, changing nothing, and lets its own level in', async () => {
    const before = await economySnapshot(ctx.db);
    for (const route of ROUTES) {
      for (const level of [1, 2, 3, 4] as const) {
        if (level === route.allowed) continue;
        const res = await call(route, sessions[level] as EmployeeSession);
        expect(res.statusCode, `${route.method} ${route.url} as level ${level}`).toBe(403);
        expect(res.json().error.message).toBe('No tienes permiso para realizar esta acción');
      }
    }
    expect(await economySnapshot(ctx.db)).toEqual(before);

    for (const route of ROUTES) {
      const res = await call(route, sessions[route.allowed] as EmployeeSession);
      expect(res.statusCode, `${route.method} ${route.url} as level ${route.allowed}`).toBe(200);
    }
    expect(await economySnapshot(ctx.db)).not.toEqual(before);
  });
});

describe("another company's records (levels 2 and 3)", () => {
  it("does not let HR assign to, list or see the history of another company's employee", async () => {
    const hr = sessions[2] as EmployeeSession;
    const before = await economySnapshot(ctx.db);

    const single = await post('/api/company/tokens/assign', hr.cookie, { userId: otherEmployee.id, amount: 5 });
    expect(single.statusCode).toBe(404);
    const bulk = await post('/api/company/tokens/assign-bulk', hr.cookie, { userIds: [otherEmployee.id], amount: 5 });
    expect(bulk.json()).toEqual({ assigned: 0, failedUserIds: [otherEmployee.id] });
    expect(await economySnapshot(ctx.db)).toEqual(before);

    const employees = (await get('/api/company/employees?limit=100', hr.cookie)).json();
    expect(employees.items.map((e: { id: string }) => e.id)).not.toContain(otherEmployee.id);
    const history = (await get(`/api/company/tokens/history?userId=${otherEmployee.id}`, hr.cookie)).json();
    expect(history).toEqual({ items: [], total: 0, totalIsCapped: false });
  });

  it("does not let an employee redeem another company's benefit or see another employee's requests", async () => {
    const ana = sessions[3] as EmployeeSession;
    const own = await post('/api/redemptions', otherEmployee.cookie, { kind: 'company', benefitId: otherCompanyBenefitId });
    expect(own.statusCode).toBe(200);
    const before = await economySnapshot(ctx.db);

    const foreign = await post('/api/redemptions', ana.cookie, { kind: 'company', benefitId: otherCompanyBenefitId });
    expect(foreign.statusCode).toBe(404);
    expect(await economySnapshot(ctx.db)).toEqual(before);

    const mine = (await get('/api/requests/mine?limit=100', ana.cookie)).json();
    expect(mine.items.map((r: { id: string }) => r.id)).not.toContain(own.json().requestId);
    const catalogue = (await get('/api/catalogue', ana.cookie)).json();
    expect(catalogue.company.map((b: { id: string }) => b.id)).toEqual([companyBenefitId]);
  });

  it("keeps the other company's HR out of this company's employees and history", async () => {
    const employees = (await get('/api/company/employees?limit=100', otherHr.cookie)).json();
    expect(employees.items.map((e: { id: string }) => e.id)).toEqual([otherEmployee.id]);
    const history = (await get('/api/company/tokens/history?limit=100', otherHr.cookie)).json();
    expect(history.items.every((e: { userId: string }) => e.userId === otherEmployee.id)).toBe(true);
  });
});

describe('the "changes nothing" snapshot', () => {
  it('sees a change in a table no list names: a domain event, a notification, a per-user count', async () => {
    const before = await economySnapshot(ctx.db);
    await ctx.db.insert(domainEvents).values({ type: 'probe', payload: {}, processedAt: new Date() });
    const afterEvent = await economySnapshot(ctx.db);
    expect(afterEvent).not.toEqual(before);
    await ctx.db.insert(notifications).values({ userId: sessions[3]!.id, type: 'probe', params: {}, link: '/', eventId: 0 });
    expect(await economySnapshot(ctx.db)).not.toEqual(afterEvent);
    const withCount = await economySnapshot(ctx.db);
    await ctx.db
      .insert(platformBenefitUserCounts)
      .values({ benefitId: platformBenefitId, userId: otherEmployee.id, count: 1 })
      .onConflictDoUpdate({ target: [platformBenefitUserCounts.benefitId, platformBenefitUserCounts.userId], set: { count: sql`${platformBenefitUserCounts.count} + 1` } });
    expect(await economySnapshot(ctx.db)).not.toEqual(withCount);
  });
});
