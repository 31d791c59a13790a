/**
 * Fifty providers verify the same code at the same moment (ARCHITECTURE §4 "Benefit codes"): one
 * conditional UPDATE decides, so exactly one redeems it. The calls run on real PostgreSQL connections,
 * where a read-then-write would let several through; PGlite's one connection cannot race (decision 382).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefitCodes } from '#server/db/schema';
import { createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceDescribe } from '../../support/race';
import { createPlatformBenefit, employee, fund, poster } from './ledger-fixtures';

const PROVIDERS = 50;

let ctx: TestContext;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
});
afterAll(async () => ctx.close());

raceDescribe('one code, 50 providers at once', () => {
  it('is redeemed exactly once; the other 49 hear that it was already used', async () => {
    const companyId = await createCompany(ctx.db, 'Carrera');
    const ana = await employee(ctx, 'ana@carrera.cl', companyId, 3);
    const benefit = await createPlatformBenefit(ctx.db, { title: 'Almuerzo', type: 'automatic', tokenCost: 1, providerUserId: null });
    await fund(ctx.db, { userId: ana.id, companyId }, 'jobby', 1);
    const redeemed = await post('/api/redemptions', ana.cookie, { kind: 'platform', benefitId: benefit.id });
    const code = redeemed.json().code.code as string;

    const providers = await Promise.all(
      Array.from({ length: PROVIDERS }, async (_, i) => {
        const email = `proveedor${i}@jobby.sup`;
        const id = await createUser(ctx.db, { email, level: 4 });
        return { id, cookie: await signIn(ctx.app, email) };
      }),
    );

    const responses = await Promise.all(providers.map((p) => post('/api/codes/verify', p.cookie, { code })));

    const winners = responses.flatMap((res, i) => (res.statusCode === 200 ? [providers[i].id] : []));
    expect(winners).toHaveLength(1);
    const losers = responses.filter((res) => res.statusCode !== 200);
    expect(losers).toHaveLength(PROVIDERS - 1);
    for (const res of losers) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('El token ya ha sido utilizado o ha expirado');
    }
    const [row] = await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.code, code));
    expect(row).toMatchObject({ status: 'used', usedBy: winners[0] });
  });
});
