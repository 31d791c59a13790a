/**
 * The token economy's invariants (ARCHITECTURE §4) under random sequences of what people do: an
 * admin adds and removes flexible tokens, HR assigns company tokens, employees redeem, admins,
 * HR and providers approve and reject, providers verify codes. After every sequence:
 * - no wallet is negative; every account's balance is the sum of its transfers; each asset sums to 0;
 * - every used code belongs to an approved request; no stock is below zero;
 * - each wallet, stock and per-user count equals a simple model of what should have happened.
 * Services are called directly (faster than HTTP) inside one test context; each run gets fresh
 * employees and benefits, so runs (and fast-check's shrinking) do not depend on each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../../src/server/auth/actor';
import {
  benefitCodes,
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerAccounts,
  platformBenefits,
} from '../../../src/server/db/schema';
import { addPlatformTokens, assignCompanyTokens, removePlatformTokens } from '../../../src/server/modules/assignment/service';
import { verifyCode } from '../../../src/server/modules/codes/verify';
import { redeemBenefit } from '../../../src/server/modules/redemptions/service';
import { approveRequest, rejectRequest } from '../../../src/server/modules/requests/service';
import type { IdempotentOutcome } from '../../../src/server/modules/idempotency/service';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, ledgerViolations } from './ledger-fixtures';
import { actorFromDb } from './service-actors';

const EMPLOYEES = 3;
const MANAGED = { tokenCost: 3, stock: 2 };
const INTERNAL = { tokenCost: 2, stock: 3, limitPerUser: 2 };
const NO_RATE_LIMIT = 1_000_000;

let ctx: TestContext;
let companyId: string;
let admin: Actor;
let hr: Actor;
let provider: Actor;
let otherProvider: Actor;
let run = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Propiedades');
  admin = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 }));
  hr = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'admin@propiedades.cl', level: 2, companyId }));
  provider = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'cine@jobby.sup', level: 4 }));
  otherProvider = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'teatro@jobby.sup', level: 4 }));
});
afterAll(async () => ctx.close());

type Step =
  | { op: 'add'; who: number; tokenType: 'jobby' | 'company'; amount: number }
  | { op: 'remove'; who: number; amount: number }
  | { op: 'redeem'; who: number; benefit: 'managed' | 'internal' }
  | { op: 'approve' | 'reject'; pick: number; byProvider: boolean }
  | { op: 'verify'; pick: number; byOther: boolean };

const who = fc.nat({ max: EMPLOYEES - 1 });
// Weighted towards what creates work for the next steps: redemptions to decide, codes to verify.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), who, tokenType: fc.constantFrom('jobby' as const, 'company' as const), amount: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), who, amount: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('redeem' as const), who, benefit: fc.constantFrom('managed' as const, 'internal' as const) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(), byProvider: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('verify' as const), pick: fc.nat(), byOther: fc.boolean() }) },
);

/** Every run starts with some tokens in every wallet, so that redemptions can happen from the first step. */
const INITIAL_GRANT = 5;

/** What should have happened, kept by hand next to the real thing. */
type Model = {
  balances: Array<{ jobby: number; company: number }>;
  stock: { managed: number; internal: number };
  internalCount: number[];
  requests: Array<{ id: string; who: number; benefit: 'managed' | 'internal'; status: 'pending' | 'approved' | 'rejected' }>;
  codes: Array<{ code: string; benefit: 'managed' | 'internal'; used: boolean }>;
};

function expectStatus(outcome: IdempotentOutcome<unknown>, expected: number, context: string) {
  expect(outcome.status, `${context}: ${JSON.stringify(outcome.body)}`).toBe(expected);
}

async function applyStep(s: Step, model: Model, employees: Actor[], benefits: { managed: string; internal: string }) {
  switch (s.op) {
    case 'add': {
      const input = { userId: employees[s.who].id, amount: s.amount };
      const outcome = s.tokenType === 'jobby' ? await addPlatformTokens(ctx.db, input, admin, undefined) : await assignCompanyTokens(ctx.db, input, hr, undefined);
      expectStatus(outcome, 200, 'add');
      model.balances[s.who][s.tokenType] += s.amount;
      return;
    }
    case 'remove': {
      const outcome = await removePlatformTokens(ctx.db, { userId: employees[s.who].id, amount: s.amount }, admin, undefined);
      const fits = model.balances[s.who].jobby >= s.amount;
      expectStatus(outcome, fits ? 200 : 409, 'remove');
      if (fits) model.balances[s.who].jobby -= s.amount;
      return;
    }
    case 'redeem': {
      const isManaged = s.benefit === 'managed';
      const cost = isManaged ? MANAGED.tokenCost : INTERNAL.tokenCost;
      const held = model.balances[s.who][isManaged ? 'jobby' : 'company'];
      const canRedeem = model.stock[s.benefit] > 0 && held >= cost && (isManaged || model.internalCount[s.who] < INTERNAL.limitPerUser);
      const outcome = await redeemBenefit(ctx.db, { kind: isManaged ? 'platform' : 'company', benefitId: benefits[s.benefit] }, employees[s.who], undefined);
      expectStatus(outcome, canRedeem ? 200 : 409, 'redeem');
      if (!canRedeem) return;
      model.balances[s.who][isManaged ? 'jobby' : 'company'] -= cost;
      model.stock[s.benefit] -= 1;
      if (!isManaged) model.internalCount[s.who] += 1;
      model.requests.push({ id: (outcome.body as { requestId: string }).requestId, who: s.who, benefit: s.benefit, status: 'pending' });
      return;
    }
    case 'approve':
    case 'reject': {
      if (model.requests.length === 0) return;
      const request = model.requests[s.pick % model.requests.length];
      // Platform requests go to the admin or the linked provider; company ones to HR.
      const processor = request.benefit === 'internal' ? hr : s.byProvider ? provider : admin;
      const decide = s.op === 'approve' ? approveRequest : rejectRequest;
      const outcome = await decide(ctx.db, { id: request.id }, processor, {});
      expectStatus(outcome, request.status === 'pending' ? 200 : 409, s.op);
      if (request.status !== 'pending') return;
      if (s.op === 'approve') {
        request.status = 'approved';
        const code = (outcome.body as { code: { code: string } }).code.code;
        model.codes.push({ code, benefit: request.benefit, used: false });
      } else {
        request.status = 'rejected';
        const isManaged = request.benefit === 'managed';
        model.balances[request.who][isManaged ? 'jobby' : 'company'] += isManaged ? MANAGED.tokenCost : INTERNAL.tokenCost;
        model.stock[request.benefit] += 1;
        if (!isManaged) model.internalCount[request.who] -= 1;
      }
      return;
    }
    case 'verify': {
      const code = model.codes.length ? model.codes[s.pick % model.codes.length] : null;
      const verifier = s.byOther ? otherProvider : provider;
      const outcome = await verifyCode(ctx.db, { code: code?.code ?? 'ZZZZ0000' }, verifier, { attemptsPerMinute: NO_RATE_LIMIT });
      if (!code) return expectStatus(outcome, 404, 'verify unknown');
      // Managed codes belong to the linked provider; company codes to any provider.
      const refusedAsOthers = code.benefit === 'managed' && s.byOther;
      expectStatus(outcome, refusedAsOthers ? 404 : code.used ? 409 : 200, 'verify');
      if (!refusedAsOthers && !code.used) code.used = true;
      return;
    }
  }
}

async function expectInvariants(model: Model, employees: Actor[], benefits: { managed: string; internal: string }) {
  const ledger = await ledgerViolations(ctx.db);
  expect(ledger.mismatched, 'account balance = sum of its transfers').toEqual([]);
  expect(ledger.unbalancedAssets, 'each asset sums to zero').toEqual([]);
  const negative = await ctx.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(ne(ledgerAccounts.kind, 'issuance'), lt(ledgerAccounts.balance, 0)));
  expect(negative, 'no negative wallet').toEqual([]);
  const usedWithoutApproval = await ctx.db
    .select({ code: benefitCodes.code })
    .from(benefitCodes)
    .innerJoin(benefitRequests, eq(benefitRequests.id, benefitCodes.requestId))
    .where(and(eq(benefitCodes.status, 'used'), ne(benefitRequests.status, 'approved')));
  expect(usedWithoutApproval, 'every used code belongs to an approved request').toEqual([]);
  const belowZero = [
    ...(await ctx.db.select({ id: platformBenefits.id }).from(platformBenefits).where(lt(platformBenefits.stockRemaining, 0))),
    ...(await ctx.db.select({ id: companyBenefits.id }).from(companyBenefits).where(lt(companyBenefits.availableTokens, 0))),
  ];
  expect(belowZero, 'no stock below zero').toEqual([]);

  for (const [i, employee] of employees.entries()) {
    const balances = await balancesOf(ctx.db, employee.id);
    expect({ jobby: balances.jobby, company: balances.company }, `balances of employee ${i}`).toEqual(model.balances[i]);
  }
  const [managed] = await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, benefits.managed));
  const [internal] = await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, benefits.internal));
  expect({ managed: managed.stockRemaining, internal: internal.availableTokens }).toEqual(model.stock);
  const counts = await ctx.db
    .select({ userId: companyBenefitUserCounts.userId, count: companyBenefitUserCounts.count })
    .from(companyBenefitUserCounts)
    .where(eq(companyBenefitUserCounts.benefitId, benefits.internal));
  expect(employees.map((e) => counts.find((c) => c.userId === e.id)?.count ?? 0)).toEqual(model.internalCount);
  const codes = model.codes.length
    ? await ctx.db.select({ code: benefitCodes.code, status: benefitCodes.status }).from(benefitCodes).where(inArray(benefitCodes.code, model.codes.map((c) => c.code)))
    : [];
  expect(Object.fromEntries(codes.map((c) => [c.code, c.status === 'used']))).toEqual(Object.fromEntries(model.codes.map((c) => [c.code, c.used])));
  // Approving twice never made two codes: one code per approved request, none for the others.
  const runRequests = model.requests.map((r) => r.id);
  if (runRequests.length) {
    const perRequest = await ctx.db
      .select({ status: benefitRequests.status, codes: sql<number>`count(${benefitCodes.id})`.mapWith(Number) })
      .from(benefitRequests)
      .leftJoin(benefitCodes, eq(benefitCodes.requestId, benefitRequests.id))
      .where(inArray(benefitRequests.id, runRequests))
      .groupBy(benefitRequests.id, benefitRequests.status);
    for (const row of perRequest) expect(row.codes).toBe(row.status === 'approved' ? 1 : 0);
  }
}

describe('token economy invariants under random operations', () => {
  it('hold after every random sequence of add, remove, redeem, approve, reject and verify', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25, size: 'max' }), async (steps) => {
        run += 1;
        const employees = await Promise.all(
          Array.from({ length: EMPLOYEES }, async (_, i) => actorFromDb(ctx.db, await createUser(ctx.db, { email: `e${i}.run${run}@propiedades.cl`, companyId }))),
        );
        const benefits = {
          managed: (await createPlatformBenefit(ctx.db, { title: `Cine ${run}`, type: 'managed', tokenCost: MANAGED.tokenCost, stockRemaining: MANAGED.stock, providerUserId: provider.id })).id,
          internal: (await createCompanyBenefit(ctx.db, companyId, { title: `Día libre ${run}`, tokenCost: INTERNAL.tokenCost, availableTokens: INTERNAL.stock, limitPerUser: INTERNAL.limitPerUser, requiresApproval: true })).id,
        };
        const model: Model = {
          balances: employees.map(() => ({ jobby: 0, company: 0 })),
          stock: { managed: MANAGED.stock, internal: INTERNAL.stock },
          internalCount: employees.map(() => 0),
          requests: [],
          codes: [],
        };
        for (const [i, tokenType] of [...employees.keys()].flatMap((i) => [[i, 'jobby'], [i, 'company']] as const)) {
          await applyStep({ op: 'add', who: i, tokenType, amount: INITIAL_GRANT }, model, employees, benefits);
        }
        for (const s of steps) await applyStep(s, model, employees, benefits);
        await expectInvariants(model, employees, benefits);
      }),
      { numRuns: 30 },
    );
  });
});
