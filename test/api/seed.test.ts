import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from '../../src/server/demo/seed';
import { queryRows } from '../../src/server/db/client';
import { STRESS_BAND_LABELS, stressBand } from '../../src/domain/bot';
import { as, createTestContext, signIn, type TestContext } from '../support/app';
import { ledgerViolations } from './economy/ledger-fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  expect(await isDatabaseEmpty(ctx.db)).toBe(true);
  // As the owner, like main.ts: dating the demo's history lifts the ledger's guard (decision 378).
  await seedDemoData(ctx.owner);
});
afterAll(async () => ctx.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(ctx.db, query))[0].n);

describe('demo data', () => {
  it('is no longer empty', async () => expect(await isDatabaseEmpty(ctx.db)).toBe(false));

  it('lets every listed active account sign in to its level', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => !a.note.includes('deshabilitada'))) {
      const me = (await ctx.app.inject({ url: '/api/me', headers: as(await signIn(ctx.app, account.email, DEMO_PASSWORD)) })).json<{ level: number }>();
      expect(me.level, account.email).toBe(account.level);
    }
  });

  it('has two companies with at least 8 employees each, some type B, some surveyed, one disabled each', async () => {
    const rows = await queryRows<{ name: string; employees: string; type_b: string; surveyed: string; disabled: string }>(
      ctx.db,
      sql`
        select c.name, count(u.id) as employees, count(*) filter (where u.user_type = 'B') as type_b,
               count(*) filter (where u.survey_completed) as surveyed, count(*) filter (where u.status = 'inactive') as disabled
        from companies c join users u on u.company_id = c.id and u.level = 3 group by c.name order by c.name`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Andes', 'Austral']);
    for (const row of rows) {
      expect(Number(row.employees)).toBeGreaterThanOrEqual(8);
      expect(Number(row.type_b)).toBeGreaterThan(0);
      expect(Number(row.surveyed)).toBeGreaterThan(0);
      expect(Number(row.disabled)).toBe(1);
    }
  });

  it('covers all six categories and the three benefit types', async () => {
    expect(await count(sql`select count(distinct category) as n from platform_benefits`)).toBe(6);
    expect(await count(sql`select count(distinct type) as n from platform_benefits`)).toBe(3);
    expect(await count(sql`select count(distinct company_id) as n from company_benefits`)).toBe(2);
  });

  it('has requests in every status and codes active, used and expired', async () => {
    expect(await count(sql`select count(distinct status) as n from benefit_requests`)).toBe(5);
    expect(await count(sql`select count(*) as n from benefit_codes where status = 'used'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from benefit_codes where status = 'active' and expires_at > now()`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from benefit_codes where status = 'active' and expires_at <= now()`)).toBeGreaterThan(0);
  });

  it('builds every balance from ledger transfers, keeping the invariants', async () => {
    expect(await count(sql`select count(*) as n from ledger_transfers where kind = 'refund'`)).toBeGreaterThan(0);
    const violations = await ledgerViolations(ctx.db);
    expect(violations.accountCount).toBeGreaterThan(30);
    expect(violations.mismatched).toEqual([]);
    expect(violations.unbalancedAssets).toEqual([]);
    expect(await count(sql`select count(*) as n from benefit_codes c join benefit_requests r on r.id = c.request_id where r.status <> 'approved'`)).toBe(0);
  });

  it('writes requests as the API does: stock taken, per-user counts, benefit type and the provider paid', async () => {
    // Every limited platform benefit starts at 100: what is missing is what live redemptions took.
    const stock = await queryRows<{ title: string; remaining: number; taken: string }>(
      ctx.db,
      sql`select p.title, p.stock_remaining as remaining,
                 (select count(*) from redemptions r where r.platform_benefit_id = p.id and r.status = 'redeemed') as taken
          from platform_benefits p where p.stock_remaining is not null`,
    );
    expect(stock.length).toBeGreaterThan(0);
    expect(stock.some((row) => Number(row.taken) > 0)).toBe(true);
    for (const row of stock) expect(row.remaining, row.title).toBe(100 - Number(row.taken));
    // Per-user counts are the live company redemptions, and nothing else.
    expect(
      await count(sql`select count(*) as n from (
        select r.company_benefit_id, r.user_id, count(*) filter (where r.status = 'redeemed') as live, coalesce(max(c.count), 0) as counted
        from redemptions r left join company_benefit_user_counts c on c.benefit_id = r.company_benefit_id and c.user_id = r.user_id
        where r.company_benefit_id is not null group by r.company_benefit_id, r.user_id) t where t.live <> t.counted`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from benefit_requests where company_benefit_id is not null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from benefit_requests where company_benefit_id is not null and benefit_type is not null`)).toBe(0);
    // The provider paid is stored on the request and credited in the ledger.
    expect(
      await count(sql`select count(*) as n from benefit_requests br join ledger_transfers t on t.request_id = br.id and t.kind = 'spend'
                      where br.platform_benefit_id is not null and t.to_account <> coalesce('provider:' || br.provider_user_id, 'platform:spent')`),
    ).toBe(0);
    // Verified codes were redeemed by a provider allowed to, after their request.
    expect(await count(sql`select count(*) as n from benefit_codes where status = 'used'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from benefit_codes c join benefit_requests r on r.id = c.request_id where c.used_at < r.request_date or c.created_at < r.request_date`)).toBe(0);
  });

  it("has Andes's bot on with profiles in every band, one open alert and check-ins, and Austral's access on with its configuration pending", async () => {
    const andes = (await ctx.app.inject({ url: '/api/bot/config', headers: as(await signIn(ctx.app, 'admin@andes.cl', DEMO_PASSWORD)) })).json();
    expect(andes).toMatchObject({ access: true, botEnabled: true, activeNow: true, analysisFrequency: 'weekly', checkInTemplate: 'bienestar_checkin', request: { status: 'approved' } });
    // Austral's configuration waits for level 1: saved with the bot on, not running.
    const austral = (await ctx.app.inject({ url: '/api/bot/config', headers: as(await signIn(ctx.app, 'admin@austral.cl', DEMO_PASSWORD)) })).json();
    expect(austral).toMatchObject({ access: true, activeNow: false, request: { status: 'pending' } });
    expect(await count(sql`select count(*) as n from bot_check_ins`)).toBeGreaterThan(0);
    const scores = await queryRows<{ score: number | null }>(
      ctx.db,
      sql`select p.stress_score as score
          from users u join companies c on c.id = u.company_id and c.name = 'Andes' left join employee_wellbeing_profiles p on p.user_id = u.id where u.level = 3`,
    );
    expect(new Set(scores.map((row) => stressBand(row.score)))).toEqual(new Set(Object.keys(STRESS_BAND_LABELS)));
    expect(await count(sql`select count(*) as n from bot_alerts where status = 'open'`)).toBe(1);
    expect(await count(sql`select count(*) as n from users where level = 3 and phone like '+569%'`)).toBe(16);
  });
});
