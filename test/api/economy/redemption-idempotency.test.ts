/** Idempotency-Key on POST /api/redemptions (ARCHITECTURE §4 "Idempotency"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { balancesOf, createCompanyBenefit, createPlatformBenefit, employee, fund, poster, requestsOf } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  companyId = await createCompany(ctx.db, 'Clave');
});
afterAll(async () => ctx.close());

describe('the same Idempotency-Key sent 20 times at once', () => {
  raceTest('charges once and answers all 20 with the same body, 19 of them as replays', async () => {
    const eva = await employee(ctx, 'eva@clave.cl', companyId);
    const benefit = await createCompanyBenefit(ctx.db, companyId, { tokenCost: 4, availableTokens: 100, limitPerUser: 100 });
    await fund(ctx.db, { userId: eva.id, companyId }, 'company', 20);
    const body = { kind: 'company', benefitId: benefit.id, comments: 'Para el viernes' };

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/redemptions', eva.cookie, body, { 'idempotency-key': 'canje-1' })),
    );

    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotency-hit'] === 'true')).toHaveLength(19);
    expect(responses[0].json()).toMatchObject({ status: 'approved', tokenCost: 4, balances: { company: 16 } });
    expect((await balancesOf(ctx.db, eva.id)).company).toBe(16);
    expect(await requestsOf(ctx.db, eva.id)).toHaveLength(1);
  });

  it('refuses the same key with another body with 409, charging nothing', async () => {
    const eva = await employee(ctx, 'eva2@clave.cl', companyId);
    const benefit = await createPlatformBenefit(ctx.db, { tokenCost: 2 });
    const other = await createPlatformBenefit(ctx.db, { tokenCost: 3 });
    await fund(ctx.db, { userId: eva.id, companyId }, 'jobby', 10);
    const first = await post('/api/redemptions', eva.cookie, { kind: 'platform', benefitId: benefit.id }, { 'idempotency-key': 'k-2' });
    expect(first.statusCode).toBe(200);

    const conflict = await post('/api/redemptions', eva.cookie, { kind: 'platform', benefitId: other.id }, { 'idempotency-key': 'k-2' });

    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toEqual({
      code: 'IDEMPOTENCY_CONFLICT',
      message: 'Esta operación ya se envió con otros datos. Recarga la página e intenta nuevamente.',
    });
    expect((await balancesOf(ctx.db, eva.id)).jobby).toBe(8);
    expect(await requestsOf(ctx.db, eva.id)).toHaveLength(1);
  });

  it('replays a refusal too, so a retry after topping up does not pay under the old key', async () => {
    const luz = await employee(ctx, 'luz@clave.cl', companyId);
    const benefit = await createPlatformBenefit(ctx.db, { tokenCost: 5 });
    const refused = await post('/api/redemptions', luz.cookie, { kind: 'platform', benefitId: benefit.id }, { 'idempotency-key': 'k-3' });
    expect(refused.statusCode).toBe(409);
    await fund(ctx.db, { userId: luz.id, companyId }, 'jobby', 5);

    const replay = await post('/api/redemptions', luz.cookie, { kind: 'platform', benefitId: benefit.id }, { 'idempotency-key': 'k-3' });

    expect(replay.statusCode).toBe(409);
    expect(replay.headers['idempotency-hit']).toBe('true');
    expect(replay.body).toBe(refused.body);
    expect((await balancesOf(ctx.db, luz.id)).jobby).toBe(5);
  });
});
