/**
 * The catalogue finds things (decision 273): GET /api/catalogue?search&sort&affordable — a name search,
 * an order by cost, and 'Me alcanza' against each section's own balance — done by the server, with
 * where to use each benefit (the provider account, else the platform benefit's provider name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { createCompanyBenefit, createPlatformBenefit, employee, fund, getter, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let ana: EmployeeSession;
let bruno: EmployeeSession;
let others: EmployeeSession[];

type Item = { title: string; tokenCost: number; providerName: string | null; value: string | null; description: string };
type Catalogue = { platform: Item[]; company: Item[]; balances: { jobby: number; company: number } };

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  const vitrina = await createCompany(ctx.db, 'Vitrina');
  const ajena = await createCompany(ctx.db, 'Ajena');
  ana = await employee(ctx, 'ana@vitrina.cl', vitrina);
  bruno = await employee(ctx, 'bruno@ajena.cl', ajena);
  const spa = await employee(ctx, 'spa@jobby.sup', null, 4);
  others = [await employee(ctx, 'root@jobby.cl', null, 1), await employee(ctx, 'rrhh@vitrina.cl', vitrina, 2), spa];
  // Flexible 5, company 3: 'Me alcanza' differs per section.
  await fund(ctx.db, { userId: ana.id, companyId: vitrina }, 'jobby', 5);
  await fund(ctx.db, { userId: ana.id, companyId: vitrina }, 'company', 3);
  await createPlatformBenefit(ctx.db, { title: 'Cine 2x1', tokenCost: 4, providerName: 'Cine Estrella', value: '2x1' });
  await createPlatformBenefit(ctx.db, { title: 'Masaje', tokenCost: 8, providerUserId: spa.id, providerName: 'texto viejo' });
  await createPlatformBenefit(ctx.db, { title: 'Café', tokenCost: 1, isHighlighted: true });
  await createPlatformBenefit(ctx.db, { title: 'Cena para dos', tokenCost: 5 });
  await createCompanyBenefit(ctx.db, vitrina, { title: 'Tarde libre', tokenCost: 3 });
  await createCompanyBenefit(ctx.db, vitrina, { title: 'Día libre', tokenCost: 6, providerUserId: spa.id });
  await createCompanyBenefit(ctx.db, ajena, { title: 'Tarde libre ajena', tokenCost: 1 });
});
afterAll(async () => ctx.close());

const catalogue = async (who: EmployeeSession, query = '') => {
  const res = await get(`/api/catalogue${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Catalogue;
};
const titles = (items: Item[]) => items.map((item) => item.title);

describe('finding benefits', () => {
  it('searches by name, in any case and accent as typed, in both sections', async () => {
    expect(titles((await catalogue(ana, '?search=CINE')).platform)).toEqual(['Cine 2x1']);
    const libre = await catalogue(ana, '?search=libre');
    expect(libre.platform).toEqual([]);
    expect(titles(libre.company)).toEqual(['Día libre', 'Tarde libre']);
    expect((await catalogue(ana, '?search=100%25')).platform).toEqual([]);
  });

  it('sorts by cost, cheapest or dearest first', async () => {
    expect(titles((await catalogue(ana, '?sort=cost_asc')).platform)).toEqual(['Café', 'Cine 2x1', 'Cena para dos', 'Masaje']);
    expect(titles((await catalogue(ana, '?sort=cost_desc')).platform)).toEqual(['Masaje', 'Cena para dos', 'Cine 2x1', 'Café']);
    expect(titles((await catalogue(ana, '?sort=cost_asc')).company)).toEqual(['Tarde libre', 'Día libre']);
    // The default keeps the highlighted one first.
    expect(titles((await catalogue(ana)).platform)[0]).toBe('Café');
  });

  it("'Me alcanza' keeps what each balance covers: flexible benefits against 5, company ones against 3", async () => {
    const mine = await catalogue(ana, '?affordable=true&sort=cost_asc');
    expect(titles(mine.platform)).toEqual(['Café', 'Cine 2x1', 'Cena para dos']);
    expect(titles(mine.company)).toEqual(['Tarde libre']);
    expect(mine.balances).toEqual({ jobby: 5, company: 3 });
    // Bruno has nothing: nothing is within reach, and his company's benefits only are his.
    const his = await catalogue(bruno, '?affordable=true');
    expect(his.platform).toEqual([]);
    expect(his.company).toEqual([]);
    expect(titles((await catalogue(bruno)).company)).toEqual(['Tarde libre ajena']);
  });

  it('says where to use each benefit: the provider account, else the platform text; and its value', async () => {
    const { platform, company } = await catalogue(ana);
    const byTitle = (items: Item[], title: string) => items.find((item) => item.title === title);
    expect(byTitle(platform, 'Cine 2x1')).toMatchObject({ providerName: 'Cine Estrella', value: '2x1', description: 'Un almuerzo' });
    expect(byTitle(platform, 'Masaje')).toMatchObject({ providerName: 'spa', value: null });
    expect(byTitle(platform, 'Café')).toMatchObject({ providerName: null });
    expect(byTitle(company, 'Día libre')).toMatchObject({ providerName: 'spa' });
    expect(byTitle(company, 'Tarde libre')).toMatchObject({ providerName: null });
  });

  it('refuses an unknown order or a non-boolean affordable with a 400', async () => {
    for (const query of ['?sort=price', '?affordable=yes']) {
      const res = await get(`/api/catalogue${query}`, ana.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });

  it('stays level 3 only with the finders: 401 signed out, 403 to levels 1, 2 and 4', async () => {
    const url = '/api/catalogue?search=cine&sort=cost_asc&affordable=true';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const who of others) expect((await get(url, who.cookie)).statusCode, who.email).toBe(403);
  });
});
