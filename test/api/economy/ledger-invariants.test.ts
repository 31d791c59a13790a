/**
 * The ledger invariants (ARCHITECTURE §4) under random sequences of everything that moves tokens
 * through the API: each answer matches a simple model of the two wallets, a wallet never goes
 * below zero, every account's balance is the sum of its transfers, and each asset sums to zero.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, employee, ledgerViolations, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let admin: EmployeeSession;
let hr: EmployeeSession;
const people: EmployeeSession[] = [];
let platformBenefitId: string;
let companyBenefitId: string;
const PLATFORM_COST = 3;
const COMPANY_COST = 2;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  const companyId = await createCompany(ctx.db, 'Azar');
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  hr = await employee(ctx, 'admin@azar.cl', companyId, 2);
  for (const name of ['uno', 'dos', 'tres']) people.push(await employee(ctx, `${name}@azar.cl`, companyId));
  platformBenefitId = (await createPlatformBenefit(ctx.db, { tokenCost: PLATFORM_COST, stockRemaining: null })).id;
  companyBenefitId = (await createCompanyBenefit(ctx.db, companyId, { tokenCost: COMPANY_COST, availableTokens: 100_000, limitPerUser: 100_000 })).id;
});
afterAll(async () => ctx.close());

const person = fc.integer({ min: 0, max: 2 });
const operation = fc.oneof(
  fc.record({ op: fc.constant('add' as const), who: person, amount: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('remove' as const), who: person, amount: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ op: fc.constant('assign' as const), who: person, amount: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ op: fc.constant('redeemPlatform' as const), who: person }),
  fc.record({ op: fc.constant('redeemCompany' as const), who: person }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** What the model expects: the HTTP status and the wallets after it. */
function expected(op: Operation, wallet: { jobby: number; company: number }): { status: number; jobby: number; company: number } {
  switch (op.op) {
    case 'add':
      return { status: 200, jobby: wallet.jobby + op.amount, company: wallet.company };
    case 'remove':
      return op.amount <= wallet.jobby ? { status: 200, jobby: wallet.jobby - op.amount, company: wallet.company } : { status: 409, ...wallet };
    case 'assign':
      return { status: 200, jobby: wallet.jobby, company: wallet.company + op.amount };
    case 'redeemPlatform':
      return wallet.jobby >= PLATFORM_COST ? { status: 200, jobby: wallet.jobby - PLATFORM_COST, company: wallet.company } : { status: 409, ...wallet };
    case 'redeemCompany':
      return wallet.company >= COMPANY_COST ? { status: 200, jobby: wallet.jobby, company: wallet.company - COMPANY_COST } : { status: 409, ...wallet };
  }
}

function send(op: Operation) {
  const target = people[op.who];
  switch (op.op) {
    case 'add':
      return post('/api/admin/tokens/add', admin.cookie, { userId: target.id, amount: op.amount });
    case 'remove':
      return post('/api/admin/tokens/remove', admin.cookie, { userId: target.id, amount: op.amount });
    case 'assign':
      return post('/api/company/tokens/assign', hr.cookie, { userId: target.id, amount: op.amount });
    case 'redeemPlatform':
      return post('/api/redemptions', target.cookie, { kind: 'platform', benefitId: platformBenefitId });
    case 'redeemCompany':
      return post('/api/redemptions', target.cookie, { kind: 'company', benefitId: companyBenefitId });
  }
}

describe('ledger invariants', () => {
  it('hold after any sequence of grants, removals, assignments and redemptions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const op of operations) {
          const before = await balancesOf(ctx.db, people[op.who].id);
          const want = expected(op, before);
          const res = await send(op);
          expect(res.statusCode, JSON.stringify(op)).toBe(want.status);
          const after = await balancesOf(ctx.db, people[op.who].id);
          expect({ jobby: after.jobby, company: after.company }).toEqual({ jobby: want.jobby, company: want.company });
        }
        const violations = await ledgerViolations(ctx.db);
        expect(violations.mismatched).toEqual([]);
        expect(violations.unbalancedAssets).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
