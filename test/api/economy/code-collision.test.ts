/**
 * A redemption approved at once writes its request, redemption and code in one statement
 * (jobby_redeem, decision 329). When the drawn code already exists, the statement leaves nothing and
 * the redemption draws again: it still answers with a code of its own.
 * The collision is made by a trigger of this test's own database, which gives the second code drawn
 * for the benefit an existing code (the draw itself is random and the API suite cannot mock modules).
 * It counts the draws with a sequence, which the statement's rollback does not undo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loadActorRow, toActor } from '#server/actor';
import { queryRows } from '#server/db/client';
import { benefitCodes } from '#server/db/schema';
import { redeemBenefit } from '#server/modules/redemptions/service';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { createCompanyBenefit, fund } from './ledger-fixtures';

const TITLE = 'Almuerzo de la colisión';
let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Choque');
  // A trigger and a function are the owner's to create (decision 378).
  await ctx.owner.execute(sql`create sequence test_collide_draws`);
  await ctx.owner.execute(
    sql.raw(`create function test_collide_once() returns trigger language plpgsql as $$
      begin
        if new.benefit_name = '${TITLE}' and nextval('test_collide_draws') = 2 then
          new.code := (select code from benefit_codes where benefit_name = '${TITLE}' limit 1);
        end if;
        return new;
      end $$`),
  );
  await ctx.owner.execute(sql`create trigger test_collide before insert on benefit_codes for each row execute function test_collide_once()`);
});
// The API suite's database is reset between files by truncating the app's tables: the trigger must go by hand.
afterAll(async () => {
  await ctx.owner.execute(sql`drop trigger if exists test_collide on benefit_codes`);
  await ctx.owner.execute(sql`drop function if exists test_collide_once()`);
  await ctx.owner.execute(sql`drop sequence if exists test_collide_draws`);
  await ctx.close();
});

describe('a drawn code that already exists', () => {
  it('is drawn again: both redemptions get their own code', async () => {
    const benefit = await createCompanyBenefit(ctx.db, companyId, { title: TITLE, tokenCost: 1, availableTokens: 10 });
    const first = await createUser(ctx.db, { email: 'primero@choque.cl', companyId });
    const second = await createUser(ctx.db, { email: 'segundo@choque.cl', companyId });
    await fund(ctx.db, { userId: first, companyId }, 'company', 5);
    await fund(ctx.db, { userId: second, companyId }, 'company', 5);

    const one = await redeemBenefit(ctx.db, { kind: 'company', benefitId: benefit.id }, toActor((await loadActorRow(ctx.db, first))!), undefined);
    const two = await redeemBenefit(ctx.db, { kind: 'company', benefitId: benefit.id }, toActor((await loadActorRow(ctx.db, second))!), undefined);

    expect([one.status, two.status]).toEqual([200, 200]);
    const firstCode = (one.body as { code: { code: string } }).code.code;
    const secondCode = (two.body as { code: { code: string } | null }).code?.code;
    expect(secondCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(secondCode).not.toBe(firstCode);
    const [stored] = await ctx.db.select({ userId: benefitCodes.userId }).from(benefitCodes).where(eq(benefitCodes.code, secondCode!));
    expect(stored.userId).toBe(second);
    // The trigger did give the second redemption the first one's code once: three codes drawn for two redemptions.
    expect(await queryRows(ctx.db, sql`select last_value::int as draws from test_collide_draws`)).toEqual([{ draws: 3 }]);
  });
});
