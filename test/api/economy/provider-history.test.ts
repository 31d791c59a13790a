/**
 * The provider's history: GET /api/provider/history searched (code, benefit, employee),
 * filtered by Santiago calendar days, paged; GET /api/provider/history/export the same rows as CSV
 * (the one export format: BOM, ';'). A provider reads and exports only the codes it redeemed; the
 * page is read along benefit_codes(used_by, used_at).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { benefitCodes, users } from '#server/db/schema';
import { providerHistoryPage } from '#server/modules/codes/history';
import { providerHistoryQuerySchema } from '#domain/schemas/economy';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { counterWorld, employee, fund, getter, poster, type EmployeeSession } from './ledger-fixtures';
import { actorFromDb } from './service-actors';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let cafe: EmployeeSession;
let cinema: EmployeeSession;
let others: EmployeeSession[];
/** The codes: A and B Ana's at the café, C Bruno's (another company) at the café, D Ana's at the cinema. */
const codes = { A: '', B: '', C: '', D: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  const post = poster(ctx);
  const world = await counterWorld(ctx);
  ({ cafe, cinema } = world);
  const austral = await createCompany(ctx.db, 'Austral');
  const bruno = await employee(ctx, 'bruno@austral.cl', austral, 3);
  await fund(ctx.db, { userId: bruno.id, companyId: austral }, 'jobby', 10);
  await ctx.db.update(users).set({ name: 'Ana Rojas' }).where(eq(users.id, world.ana.id));
  await ctx.db.update(users).set({ name: 'Bruno Díaz' }).where(eq(users.id, bruno.id));
  const redeem = async (who: EmployeeSession, benefitId: string, by: EmployeeSession, usedAt: string) => {
    const code = (await post('/api/redemptions', who.cookie, { kind: 'platform', benefitId })).json().code.code as string;
    expect((await post('/api/codes/verify', by.cookie, { code })).statusCode).toBe(200);
    await ctx.db.update(benefitCodes).set({ usedAt: new Date(usedAt) }).where(eq(benefitCodes.code, code));
    return code;
  };
  // 23:30 on 28 Feb in Santiago (UTC−3 in summer), then 00:30 on 1 March: either side of a day's start.
  codes.A = await redeem(world.ana, world.lunch.id, cafe, '2026-03-01T02:30:00Z');
  codes.B = await redeem(world.ana, world.lunchOfCafe.id, cafe, '2026-03-01T03:30:00Z');
  codes.C = await redeem(bruno, world.lunch.id, cafe, '2026-03-15T15:00:00Z');
  codes.D = await redeem(world.ana, world.lunch.id, cinema, '2026-03-10T15:00:00Z');
  others = [
    await employee(ctx, 'root@jobby.cl', null, 1),
    await employee(ctx, 'rrhh@andes.cl', world.companyId, 2),
    world.ana,
  ];
});
afterAll(async () => ctx.close());

type Page = { items: Array<{ code: string; benefitName: string; userName: string; isBenefitJobby: boolean }>; total: number; stats: { total: number } };

const history = async (who: EmployeeSession, query = '') => {
  const res = await get(`/api/provider/history${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const codesOf = (page: Page) => page.items.map((item) => item.code);

function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { delimiter: ';', bom: true }) as string[][];
}

describe('searching and filtering the history', () => {
  it('lists the codes this provider redeemed, newest first, with how many match', async () => {
    const page = await history(cafe);
    expect(codesOf(page)).toEqual([codes.C, codes.B, codes.A]);
    expect(page.total).toBe(3);
    expect(page.stats.total).toBe(3);
  });

  it('finds by employee name, by part of a code in any case, and by benefit', async () => {
    expect(codesOf(await history(cafe, '?search=bruno'))).toEqual([codes.C]);
    expect(codesOf(await history(cafe, `?search=${codes.B.slice(2, 7).toLowerCase()}`))).toContain(codes.B);
    const bySearch = await history(cafe, '?search=especialidad');
    expect(codesOf(bySearch)).toEqual([codes.B]);
    expect(bySearch.total).toBe(1);
    // The cards count everything, whatever the filter.
    expect(bySearch.stats.total).toBe(3);
    expect(codesOf(await history(cafe, '?search=100%25'))).toEqual([]);
  });

  it('filters by calendar days in Santiago, both ends included', async () => {
    expect(codesOf(await history(cafe, '?from=2026-03-01'))).toEqual([codes.C, codes.B]);
    expect(codesOf(await history(cafe, '?to=2026-02-28'))).toEqual([codes.A]);
    expect(codesOf(await history(cafe, '?from=2026-03-01&to=2026-03-01'))).toEqual([codes.B]);
    expect(codesOf(await history(cafe, '?from=2026-03-15&to=2026-03-15&search=ana'))).toEqual([]);
  });

  it('pages', async () => {
    const second = await history(cafe, '?limit=1&offset=1');
    expect(codesOf(second)).toEqual([codes.B]);
    expect(second.total).toBe(3);
  });

  it('refuses an impossible date or an end before the start, in Spanish', async () => {
    for (const query of ['?from=2026-02-30', '?from=01/03/2026', '?from=2026-03-02&to=2026-03-01']) {
      const res = await get(`/api/provider/history${query}`, cafe.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect((await get('/api/provider/history/export?from=2026-03-02&to=2026-03-01', cafe.cookie)).json().error.message).toMatch(
      /La fecha final no puede ser anterior a la inicial/,
    );
  });
});

describe('the CSV export', () => {
  it('is the same Excel-ready CSV as every export: BOM, ;-separated, the filtered codes with company and tokens', async () => {
    const res = await get('/api/provider/history/export?from=2026-03-01', cafe.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="historial-canjes.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Fecha', 'Código', 'Beneficio', 'Origen', 'Usuario', 'Empresa', 'Tokens']);
    expect(rows).toEqual([
      ['15/03/2026 12:00', codes.C, 'Almuerzo', 'Jobby', 'Bruno Díaz', 'Austral', '1'],
      ['01/03/2026 00:30', codes.B, 'Café de especialidad', 'Jobby', 'Ana Rojas', 'Andes', '1'],
    ]);
    expect(res.body).toContain('\r\n');
  });

  it('exports everything of the provider without filters, and a search', async () => {
    expect(csvRows((await get('/api/provider/history/export', cafe.cookie)).body).slice(1).map((r) => r[1])).toEqual([codes.C, codes.B, codes.A]);
    expect(csvRows((await get('/api/provider/history/export?search=bruno', cafe.cookie)).body).slice(1).map((r) => r[1])).toEqual([codes.C]);
  });
});

describe('who sees what', () => {
  it("shows and exports only the provider's own codes", async () => {
    expect(codesOf(await history(cinema))).toEqual([codes.D]);
    expect(codesOf(await history(cinema, '?search=bruno'))).toEqual([]);
    const rows = csvRows((await get('/api/provider/history/export', cinema.cookie)).body);
    expect(rows.slice(1).map((r) => r[1])).toEqual([codes.D]);
  });

  it('answers 401 signed out and 403 to levels 1, 2 and 3', async () => {
    for (const url of ['/api/provider/history', '/api/provider/history/export']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const who of others) expect((await get(url, who.cookie)).statusCode, `${who.email} ${url}`).toBe(403);
    }
  });
});

describe('the read', () => {
  it("reads a page (search and dates included) along benefit_codes_used_by_idx, never scanning other providers' codes", async () => {
    // Another provider's 3,000 used codes, spread over the same days, and fresh statistics: a table
    // where reading other providers' rows would cost, so the planner's choice means something.
    const busy = await employee(ctx, 'masivo@jobby.sup', null, 4);
    const [{ ana, lunch }] = (
      (await ctx.db.execute(
        sql`select r.user_id as ana, r.platform_benefit_id as lunch from benefit_requests r join benefit_codes c on c.request_id = r.id where c.code = ${codes.A}`,
      )) as unknown as { rows: Array<{ ana: string; lunch: string }> }
    ).rows;
    await ctx.db.execute(sql`
      with requests as (
        insert into benefit_requests (user_id, platform_benefit_id, benefit_name, is_benefit_jobby, token_cost, status)
        select ${ana}, ${lunch}::uuid, 'Almuerzo', true, 1, 'approved' from generate_series(1, 3000)
        returning id)
      insert into benefit_codes (code, request_id, status, expires_at, user_id, platform_benefit_id, benefit_name, is_benefit_jobby, used_by, used_at)
      select upper(substr(md5(id::text), 1, 8)), id, 'used', now() + interval '30 days', ${ana}, ${lunch}::uuid, 'Almuerzo', true, ${busy.id},
             timestamptz '2026-03-01 12:00Z' + (random() * interval '30 days')
      from requests`);
    await ctx.owner.execute(sql`analyze benefit_codes`); // the owner's: the serving role's ANALYZE is skipped
    const actor = await actorFromDb(ctx.db, cafe.id);
    const query = providerHistoryQuerySchema.parse({ search: 'ana', from: '2026-03-01', to: '2026-03-31' });
    const plan = await ctx.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`explain ${providerHistoryPage(tx, actor, query)}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('benefit_codes_used_by_idx');
    expect(plan).not.toMatch(/Seq Scan on benefit_codes/);
  });
});
