/**
 * The employee's wallet (decision 203): GET /api/me/wallet — level 3, its own wallets
 * only — each movement with the balance after it exactly as the ledger stored it, newest first in
 * the ledger's sequence, paged; read along an index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { balancesOf, createPlatformBenefit, employee, fund, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';
import type { HistoryEntry } from '#domain/schemas/economy';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let post: ReturnType<typeof poster>;
let andes: string;
let ana: EmployeeSession;
let bruno: EmployeeSession;
let others: Record<'admin' | 'hr' | 'provider', EmployeeSession>;

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  post = poster(ctx);
  andes = await createCompany(ctx.db, 'Andes');
  const austral = await createCompany(ctx.db, 'Austral');
  ana = await employee(ctx, 'ana@andes.cl', andes, 3);
  bruno = await employee(ctx, 'bruno@austral.cl', austral, 3);
  others = {
    admin: await employee(ctx, 'root@jobby.cl', null, 1),
    hr: await employee(ctx, 'rrhh@andes.cl', andes, 2),
    provider: await employee(ctx, 'cine@jobby.sup', null, 4),
  };
  // Ana: +10 flexible (a grant), +4 company, a level 1 add with a reason, spends 3 on a benefit,
  // level 1 takes 2 back: five movements of the flexible wallet through the real routes where they exist.
  await fund(ctx.db, { userId: ana.id, companyId: andes }, 'jobby', 10);
  await fund(ctx.db, { userId: ana.id, companyId: andes }, 'company', 4);
  expect((await post('/api/admin/tokens/add', others.admin.cookie, { userId: ana.id, amount: 5, reason: 'Bono de bienvenida' }, { 'Idempotency-Key': crypto.randomUUID() })).statusCode).toBe(200);
  const lunch = await createPlatformBenefit(ctx.db, { title: 'Almuerzo', tokenCost: 3 });
  expect((await post('/api/redemptions', ana.cookie, { kind: 'platform', benefitId: lunch.id })).statusCode).toBe(200);
  expect((await post('/api/admin/tokens/remove', others.admin.cookie, { userId: ana.id, amount: 2, reason: 'Corrección' }, { 'Idempotency-Key': crypto.randomUUID() })).statusCode).toBe(200);
  await fund(ctx.db, { userId: bruno.id, companyId: austral }, 'jobby', 7);
});
afterAll(async () => ctx.close());

const wallet = async (who: EmployeeSession, query = '') => {
  const res = await get(`/api/me/wallet${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: HistoryEntry[]; total: number; totalIsCapped: boolean };
};

describe('who may read a wallet', () => {
  it('answers 401 signed out and 403 to levels 1, 2 and 4', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/wallet' })).statusCode).toBe(401);
    for (const who of Object.values(others)) {
      const res = await get('/api/me/wallet', who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("never shows another employee's wallet: a userId in the query is ignored", async () => {
    const page = await wallet(bruno, `?userId=${ana.id}&tokenType=jobby`);
    expect(page.total).toBe(1);
    expect(page.items.map((e) => [e.userId, e.amount, e.balanceAfter])).toEqual([[bruno.id, 7, 7]]);
    expect((await wallet(bruno, `?userId=${ana.id}&tokenType=company`)).items).toEqual([]);
  });
});

describe('the movements and the balance after each', () => {
  it('lists the flexible wallet newest first, each balance after chaining to the next balance before, ending at the header balance', async () => {
    const page = await wallet(ana, '?tokenType=jobby');
    expect(page.total).toBe(4);
    expect(page.items.map((e) => [e.type, e.amount, e.balanceAfter, e.reason, e.tokenType])).toEqual([
      ['remove', 2, 10, 'Corrección', 'jobby'],
      ['used', 3, 12, expect.any(String), 'jobby'],
      ['add', 5, 15, 'Bono de bienvenida', 'jobby'],
      ['add', 10, 10, 'prueba', 'jobby'],
    ]);
    for (let i = 0; i + 1 < page.items.length; i += 1) expect(page.items[i].balanceBefore).toBe(page.items[i + 1].balanceAfter);
    expect(page.items[0].balanceAfter).toBe((await balancesOf(ctx.db, ana.id)).jobby);
    expect(page.items[2].actorName).toBe('root');
  });

  it('keeps the company tokens apart, of the current company', async () => {
    const page = await wallet(ana, '?tokenType=company');
    expect(page.items.map((e) => [e.type, e.amount, e.balanceAfter, e.tokenType])).toEqual([['add', 4, 4, 'company']]);
  });

  it('pages and filters by movement type', async () => {
    const second = await wallet(ana, '?tokenType=jobby&limit=2&offset=2');
    expect(second.total).toBe(4);
    expect(second.items.map((e) => e.balanceAfter)).toEqual([15, 10]);
    expect((await wallet(ana, '?tokenType=jobby&type=add')).items.map((e) => e.amount)).toEqual([5, 10]);
    expect((await wallet(ana, '?tokenType=jobby&type=used')).items.map((e) => e.amount)).toEqual([3]);
  });

  it('refuses an unknown token type with a Spanish 400', async () => {
    const res = await get('/api/me/wallet?tokenType=bitcoin', ana.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });
});

describe('the read', () => {
  it("reads one wallet's page along ledger_transfers_wallet_seq_idx, in index order (no sort)", async () => {
    // The statement's shape (listHistory with order 'sequence'); sequential scans off so that the
    // plan shows what the index allows on a table this small.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute(
        sql`explain select * from ledger_transfers where wallet_user_id is not null and token_type = 'jobby' and wallet_user_id = ${ana.id} order by id desc limit 10`,
      )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('ledger_transfers_wallet_seq_idx');
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });
});
