/**
 * History pages do not count the whole ledger on every view: the total stops at
 * HISTORY_COUNT_CAP and says so, and the page itself is still the newest entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HISTORY_COUNT_CAP } from '#domain/constants';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { employee, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let admin: EmployeeSession;
let hr: EmployeeSession;
let camila: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  const companyId = await createCompany(ctx.db, 'Andes');
  admin = await employee(ctx, 'plataforma@jobby.cl', null, 1);
  hr = await employee(ctx, 'admin@andes.cl', companyId, 2);
  camila = await employee(ctx, 'camila@andes.cl', companyId);
});
afterAll(async () => ctx.close());

describe('history totals', () => {
  it('counts exactly while under the cap', async () => {
    const post = poster(ctx);
    expect((await post('/api/admin/tokens/add', admin.cookie, { userId: camila.id, amount: 3 })).statusCode).toBe(200);
    expect((await post('/api/company/tokens/assign', hr.cookie, { userId: camila.id, amount: 4 })).statusCode).toBe(200);
    const page = (await getter(ctx)(`/api/admin/tokens/history?userId=${camila.id}`, admin.cookie)).json();
    expect(page).toMatchObject({ total: 2, totalIsCapped: false });
    expect(page.items).toHaveLength(2);
  });

  it('stops at the cap and says so, on the admin and the HR history alike', async () => {
    // Copies of the existing entries (this file checks no ledger invariant): enough to pass the cap.
    await ctx.db.execute(sql`
      insert into ledger_transfers (asset, from_account, to_account, amount, kind, reason, actor_id, actor_name,
                                    wallet_user_id, wallet_company_id, token_type, balance_before, balance_after)
      select asset, from_account, to_account, amount, kind, 'copia', actor_id, actor_name,
             wallet_user_id, wallet_company_id, token_type, balance_before, balance_after
      from ledger_transfers t, generate_series(1, ${HISTORY_COUNT_CAP}) g
      where t.wallet_user_id = ${camila.id}`);
    const get = getter(ctx);
    const adminPage = (await get(`/api/admin/tokens/history?userId=${camila.id}&limit=5`, admin.cookie)).json();
    expect(adminPage).toMatchObject({ total: HISTORY_COUNT_CAP, totalIsCapped: true });
    expect(adminPage.items).toHaveLength(5);
    const hrPage = (await get(`/api/company/tokens/history?userId=${camila.id}&limit=5`, hr.cookie)).json();
    expect(hrPage).toMatchObject({ total: HISTORY_COUNT_CAP, totalIsCapped: true });
    // An empty page past the end still reports the capped total.
    const beyond = (await get(`/api/admin/tokens/history?userId=${camila.id}&limit=100&offset=1000000`, admin.cookie)).json();
    expect(beyond).toMatchObject({ items: [], total: HISTORY_COUNT_CAP, totalIsCapped: true });
  });
});
