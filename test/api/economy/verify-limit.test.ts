/**
 * The provider's verification limit counts what signals guessing (refused codes),
 * not a busy till's real codes; a generous ceiling still bounds verifications of any outcome.
 * Windows are minutes of the database clock: each test makes enough attempts that, even split over
 * three windows, one window holds more than the limit (pigeonhole), so the assertions hold whatever
 * second the test starts at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { createPlatformBenefit, employee, fund, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let ana: EmployeeSession;
let benefitId: string;

beforeAll(async () => {
  // A failure limit of 10: 40 real codes (over at most three minutes) exceed it if successes counted.
  ctx = await createTestContext({ verifyAttemptsPerMinute: 10, verifySuccessesPerMinute: 600 });
  post = poster(ctx);
  const companyId = await createCompany(ctx.db, 'Andes');
  ana = await employee(ctx, 'ana@andes.cl', companyId, 3);
  benefitId = (await createPlatformBenefit(ctx.db, { title: 'Almuerzo', type: 'automatic', tokenCost: 1 })).id;
  await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 100);
});
afterAll(async () => ctx.close());

async function issueCodes(count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post('/api/redemptions', ana.cookie, { kind: 'platform', benefitId });
    if (res.statusCode !== 200) throw new Error(`no code: ${res.body}`);
    codes.push(res.json().code.code as string);
  }
  return codes;
}

describe('provider verification limit', () => {
  it('lets a busy till verify 40 real codes in a row', async () => {
    const codes = await issueCodes(40);
    const till = await employee(ctx, 'caja@jobby.sup', null, 4);
    const statuses: number[] = [];
    for (const code of codes) statuses.push((await post('/api/codes/verify', till.cookie, { code })).statusCode);
    expect(statuses).toEqual(Array(40).fill(200));
  });

  it('limits unknown codes', async () => {
    const guesser = await employee(ctx, 'adivina@jobby.sup', null, 4);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post('/api/codes/verify', guesser.cookie, { code: `ZZZZ${String(i).padStart(4, '0')}` })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });

  it('limits already used codes, and real codes still count against the ceiling', async () => {
    const local = await createTestContext({ verifyAttemptsPerMinute: 1000, verifySuccessesPerMinute: 3 });
    try {
      const companyId = await createCompany(local.db, 'Austral');
      const sofia = await employee(local, 'sofia@austral.cl', companyId, 3);
      const lunch = await createPlatformBenefit(local.db, { title: 'Almuerzo', type: 'automatic', tokenCost: 1 });
      await fund(local.db, { userId: sofia.id, companyId }, 'jobby', 20);
      const localPost = poster(local);
      const codes: string[] = [];
      for (let i = 0; i < 10; i++) codes.push((await localPost('/api/redemptions', sofia.cookie, { kind: 'platform', benefitId: lunch.id })).json().code.code as string);
      const till = await employee(local, 'tope@jobby.sup', null, 4);
      const statuses: number[] = [];
      for (const code of codes) statuses.push((await localPost('/api/codes/verify', till.cookie, { code })).statusCode);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    } finally {
      await local.close();
    }
  });

  it('counts an already used code as a failure', async () => {
    const local = await createTestContext({ verifyAttemptsPerMinute: 3, verifySuccessesPerMinute: 600 });
    try {
      const companyId = await createCompany(local.db, 'Pacífico');
      const luis = await employee(local, 'luis@pacifico.cl', companyId, 3);
      const lunch = await createPlatformBenefit(local.db, { title: 'Almuerzo', type: 'automatic', tokenCost: 1 });
      await fund(local.db, { userId: luis.id, companyId }, 'jobby', 5);
      const localPost = poster(local);
      const code = (await localPost('/api/redemptions', luis.cookie, { kind: 'platform', benefitId: lunch.id })).json().code.code as string;
      const till = await employee(local, 'usado@jobby.sup', null, 4);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await localPost('/api/codes/verify', till.cookie, { code })).statusCode);
      expect(statuses[0]).toBe(200);
      expect(statuses.slice(1).every((s) => s === 409 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    } finally {
      await local.close();
    }
  });
});
