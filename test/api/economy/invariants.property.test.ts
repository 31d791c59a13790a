/**
 * The token economy's invariants (ARCHITECTURE §4) under random sequences of what people do: an
 * admin adds and removes flexible tokens, HR assigns company tokens one by one and in bulk (with
 * someone of another company among the ids), employees redeem a managed benefit with stock, an
 * automatic benefit with unlimited stock (approved at once) and an internal one; admins, HR and
 * providers approve and reject, providers verify codes. Any step may be sent twice with the same
 * Idempotency-Key: the retry answers the stored outcome and changes nothing. After EVERY step:
 * - no wallet is negative; every account's balance is the sum of its transfers; each asset sums to 0;
 * - every used code belongs to an approved request; no stock is below zero;
 * - each wallet, stock and per-user count equals a simple model of what should have happened.
 * Services are called directly (faster than HTTP) inside one test context; each run gets fresh
 * employees and benefits, so runs (and fast-check's shrinking) do not depend on each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Actor } from '#server/actor';
import {
  benefitCodes,
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerAccounts,
  platformBenefits,
} from '#server/db/schema';
import { addPlatformTokens, assignCompanyTokens, bulkAssignCompanyTokens, removePlatformTokens } from '#server/modules/assignment/service';
import { verifyCode } from '#server/modules/codes/verify';
import { redeemBenefit } from '#server/modules/redemptions/service';
import { approveRequest, rejectRequest } from '#server/modules/requests/decisions';
import type { IdempotentOutcome } from '#server/modules/idempotency/service';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, ledgerViolations } from './ledger-fixtures';
import { actorFromDb } from './service-actors';

const EMPLOYEES = 3;
const MANAGED = { tokenCost: 3, stock: 2 };
const INTERNAL = { tokenCost: 2, stock: 3, limitPerUser: 2 };
/** Unlimited stock (null), approved at once with a code of the linked provider. */
const AUTOMATIC = { tokenCost: 2 };
const NO_RATE_LIMIT = 1_000_000;

let ctx: TestContext;
let companyId: string;
let admin: Actor;
let hr: Actor;
let provider: Actor;
let otherProvider: Actor;
/** Someone of another company, whose id a bulk assignment must skip. */
let foreignerId: string;
let run = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Propiedades');
  admin = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 }));
  hr = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'admin@propiedades.cl', level: 2, companyId }));
  provider = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'cine@jobby.sup', level: 4 }));
  otherProvider = await actorFromDb(ctx.db, await createUser(ctx.db, { email: 'teatro@jobby.sup', level: 4 }));
  foreignerId = await createUser(ctx.db, { email: 'ajeno@otra.cl', companyId: await createCompany(ctx.db, 'Otra') });
});
afterAll(async () => ctx.close());

type BenefitKind = 'managed' | 'automatic' | 'internal';
/** `replay`: the step is sent a second time with the same Idempotency-Key. */
type Step = { replay?: boolean } & (
  | { op: 'add'; who: number; tokenType: 'jobby' | 'company'; amount: number }
  | { op: 'remove'; who: number; amount: number }
  | { op: 'bulk'; whos: number[]; withForeigner: boolean; amount: number }
  | { op: 'redeem'; who: number; benefit: BenefitKind }
  | { op: 'approve' | 'reject'; pick: number; byProvider: boolean }
  | { op: 'verify'; pick: number; byOther: boolean }
);

const who = fc.nat({ max: EMPLOYEES - 1 });
// Weighted towards what creates work for the next steps: redemptions to decide, codes to verify.
const amount = fc.integer({ min: 1, max: 6 });
const operation: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), who, tokenType: fc.constantFrom('jobby' as const, 'company' as const), amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), who, amount }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('bulk' as const), whos: fc.array(who, { minLength: 1, maxLength: EMPLOYEES + 1 }), withForeigner: fc.boolean(), amount }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('redeem' as const), who, benefit: fc.constantFrom('managed' as const, 'automatic' as const, 'internal' as const) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(), byProvider: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('verify' as const), pick: fc.nat(), byOther: fc.boolean() }) },
);
const step: fc.Arbitrary<Step> = fc.tuple(operation, fc.nat({ max: 3 })).map(([s, dice]) => ({ ...s, replay: dice === 0 }));

/** Every run starts with some tokens in every wallet, so that redemptions can happen from the first step. */
const INITIAL_GRANT = 5;

/** What should have happened, kept by hand next to the real thing. */
type Model = {
  balances: Array<{ jobby: number; company: number }>;
  stock: { managed: number; internal: number; automatic: null };
  internalCount: number[];
  requests: Array<{ id: string; who: number; benefit: BenefitKind; status: 'pending' | 'approved' | 'rejected' }>;
  codes: Array<{ code: string; benefit: BenefitKind; used: boolean }>;
};
type Benefits = Record<BenefitKind, string>;

/**
 * Runs one step's call; with `replay`, sends it again with the same Idempotency-Key and checks that
 * the retry answers exactly the stored outcome (the model is then updated once, from the first).
 */
async function once<T>(s: Step, key: string, send: (key: string | undefined) => Promise<IdempotentOutcome<T>>): Promise<IdempotentOutcome<T>> {
  if (!s.replay) return send(undefined);
  const first = await send(key);
  const retry = await send(key);
  expect(retry, `replay of ${s.op}`).toEqual({ ...first, hit: true });
  return first;
}

function expectStatus(outcome: IdempotentOutcome<unknown>, expected: number, context: string) {
  expect(outcome.status, `${context}: ${JSON.stringify(outcome.body)}`).toBe(expected);
}

async function applyStep(s: Step, key: string, model: Model, employees: Actor[], benefits: Benefits) {
  switch (s.op) {
    case 'add': {
      const input = { userId: employees[s.who].id, amount: s.amount };
      const outcome = await once(s, key, (k) => (s.tokenType === 'jobby' ? addPlatformTokens(ctx.db, input, admin, k) : assignCompanyTokens(ctx.db, input, hr, k)));
      expectStatus(outcome, 200, 'add');
      model.balances[s.who][s.tokenType] += s.amount;
      return;
    }
    case 'remove': {
      const outcome = await once(s, key, (k) => removePlatformTokens(ctx.db, { userId: employees[s.who].id, amount: s.amount }, admin, k));
      const fits = model.balances[s.who].jobby >= s.amount;
      expectStatus(outcome, fits ? 200 : 409, 'remove');
      if (fits) model.balances[s.who].jobby -= s.amount;
      return;
    }
    case 'bulk': {
      const ids = [...s.whos.map((i) => employees[i].id), ...(s.withForeigner ? [foreignerId] : [])];
      const outcome = await once(s, key, (k) => bulkAssignCompanyTokens(ctx.db, { userIds: ids, amount: s.amount }, hr, k));
      const reached = [...new Set(s.whos)];
      expectStatus(outcome, 200, 'bulk');
      expect(outcome.body).toEqual({ assigned: reached.length, failedUserIds: s.withForeigner ? [foreignerId] : [] });
      for (const i of reached) model.balances[i].company += s.amount;
      return;
    }
    case 'redeem': {
      const isInternal = s.benefit === 'internal';
      const wallet = isInternal ? 'company' : 'jobby';
      const cost = { managed: MANAGED.tokenCost, automatic: AUTOMATIC.tokenCost, internal: INTERNAL.tokenCost }[s.benefit];
      const stock = model.stock[s.benefit];
      const canRedeem = (stock === null || stock > 0) && model.balances[s.who][wallet] >= cost && (!isInternal || model.internalCount[s.who] < INTERNAL.limitPerUser);
      const input = { kind: isInternal ? ('company' as const) : ('platform' as const), benefitId: benefits[s.benefit] };
      const outcome = await once(s, key, (k) => redeemBenefit(ctx.db, input, employees[s.who], k));
      expectStatus(outcome, canRedeem ? 200 : 409, 'redeem');
      if (!canRedeem) return;
      model.balances[s.who][wallet] -= cost;
      if (s.benefit === 'managed') model.stock.managed -= 1;
      if (s.benefit === 'internal') model.stock.internal -= 1;
      if (isInternal) model.internalCount[s.who] += 1;
      const body = outcome.body as { requestId: string; status: string; code: { code: string } | null };
      if (s.benefit === 'automatic') {
        // Approved at once: its code comes with the answer.
        expect(body.status).toBe('approved');
        model.requests.push({ id: body.requestId, who: s.who, benefit: s.benefit, status: 'approved' });
        model.codes.push({ code: (body.code as { code: string }).code, benefit: s.benefit, used: false });
      } else {
        model.requests.push({ id: body.requestId, who: s.who, benefit: s.benefit, status: 'pending' });
      }
      return;
    }
    case 'approve':
    case 'reject': {
      if (model.requests.length === 0) return;
      const request = model.requests[s.pick % model.requests.length];
      // Platform requests go to the admin or the linked provider; company ones to HR.
      const processor = request.benefit === 'internal' ? hr : s.byProvider ? provider : admin;
      const decide = s.op === 'approve' ? approveRequest : rejectRequest;
      const outcome = await once(s, key, (k) => decide(ctx.db, { id: request.id }, processor, { idempotencyKey: k }));
      // A provider's lane is its managed benefits' requests: an automatic one is not found there.
      const outOfLane = request.benefit === 'automatic' && processor === provider;
      expectStatus(outcome, request.status === 'pending' ? 200 : outOfLane ? 404 : 409, s.op);
      if (request.status !== 'pending') return;
      if (s.op === 'approve') {
        request.status = 'approved';
        const code = (outcome.body as { code: { code: string } }).code.code;
        model.codes.push({ code, benefit: request.benefit, used: false });
      } else {
        // Only managed and internal requests are ever pending (automatic ones are approved at once).
        request.status = 'rejected';
        if (request.benefit === 'managed') {
          model.balances[request.who].jobby += MANAGED.tokenCost;
          model.stock.managed += 1;
        } else {
          model.balances[request.who].company += INTERNAL.tokenCost;
          model.stock.internal += 1;
          model.internalCount[request.who] -= 1;
        }
      }
      return;
    }
    case 'verify': {
      const code = model.codes.length ? model.codes[s.pick % model.codes.length] : null;
      // Platform codes (managed, automatic) belong to the linked provider, a company code naming no
      // provider to its company's HR (decision 152): anyone else is told the code does not exist.
      const owner = code?.benefit === 'internal' ? hr : provider;
      const stranger = code?.benefit === 'internal' ? provider : otherProvider;
      const verifier = s.byOther ? stranger : owner;
      const outcome = await once(s, key, (k) => verifyCode(ctx.db, { code: code?.code ?? 'ZZZZ0000' }, verifier, { attemptsPerMinute: NO_RATE_LIMIT, idempotencyKey: k }));
      if (!code) return expectStatus(outcome, 404, 'verify unknown');
      const refusedAsOthers = s.byOther;
      expectStatus(outcome, refusedAsOthers ? 404 : code.used ? 409 : 200, 'verify');
      if (!refusedAsOthers && !code.used) code.used = true;
      return;
    }
  }
}

async function expectInvariants(model: Model, employees: Actor[], benefits: Benefits) {
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
  const [automatic] = await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, benefits.automatic));
  const [internal] = await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, benefits.internal));
  expect({ managed: managed.stockRemaining, internal: internal.availableTokens, automatic: automatic.stockRemaining }).toEqual(model.stock);
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
  it('hold after every step of random sequences of add, remove, bulk assign, redeem (managed, automatic, internal), approve, reject and verify, each possibly replayed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25, size: 'max' }), async (steps) => {
        run += 1;
        const employees = await Promise.all(
          Array.from({ length: EMPLOYEES }, async (_, i) => actorFromDb(ctx.db, await createUser(ctx.db, { email: `e${i}.run${run}@propiedades.cl`, companyId }))),
        );
        const benefits = {
          managed: (await createPlatformBenefit(ctx.db, { title: `Cine ${run}`, type: 'managed', tokenCost: MANAGED.tokenCost, stockRemaining: MANAGED.stock, providerUserId: provider.id })).id,
          automatic: (await createPlatformBenefit(ctx.db, { title: `Entrada ${run}`, type: 'automatic', tokenCost: AUTOMATIC.tokenCost, stockRemaining: null, providerUserId: provider.id })).id,
          internal: (await createCompanyBenefit(ctx.db, companyId, { title: `Día libre ${run}`, tokenCost: INTERNAL.tokenCost, availableTokens: INTERNAL.stock, limitPerUser: INTERNAL.limitPerUser, requiresApproval: true })).id,
        };
        const model: Model = {
          balances: employees.map(() => ({ jobby: 0, company: 0 })),
          stock: { managed: MANAGED.stock, internal: INTERNAL.stock, automatic: null },
          internalCount: employees.map(() => 0),
          requests: [],
          codes: [],
        };
        for (const [i, tokenType] of [...employees.keys()].flatMap((i) => [[i, 'jobby'], [i, 'company']] as const)) {
          await applyStep({ op: 'add', who: i, tokenType, amount: INITIAL_GRANT }, '', model, employees, benefits);
        }
        for (const [i, s] of steps.entries()) {
          await applyStep(s, `run${run}-step${i}`, model, employees, benefits);
          await expectInvariants(model, employees, benefits);
        }
      }),
      { numRuns: 25 },
    );
    // Invariants after every step of 25 runs: minutes, not vitest's default minute, on a loaded machine.
  }, 300_000);
});
