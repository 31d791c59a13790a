/**
 * The ledger invariants of ARCHITECTURE §4, read from the database. Any test that moves tokens can
 * end with `expect(await ledgerViolations(db)).toEqual([])`.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const negative = await queryRows<{ id: string; balance: string }>(db, 
    sql`select id, balance from ledger_accounts where kind <> 'issuance' and balance < 0`,
  );
  for (const row of negative) problems.push(`negative wallet ${row.id}: ${row.balance}`);

  const mismatched = await queryRows<{ id: string; balance: string; computed: string }>(db, sql`
    select a.id, a.balance, coalesce(t_in.sum, 0) - coalesce(t_out.sum, 0) as computed
    from ledger_accounts a
    left join (select to_account, sum(amount) as sum from ledger_transfers group by to_account) t_in on t_in.to_account = a.id
    left join (select from_account, sum(amount) as sum from ledger_transfers group by from_account) t_out on t_out.from_account = a.id
    where a.balance <> coalesce(t_in.sum, 0) - coalesce(t_out.sum, 0)`);
  for (const row of mismatched) problems.push(`account ${row.id}: balance ${row.balance} but transfers sum to ${row.computed}`);

  const unbalanced = await queryRows<{ asset: string; total: string }>(db, 
    sql`select asset, sum(balance) as total from ledger_accounts group by asset having sum(balance) <> 0`,
  );
  for (const row of unbalanced) problems.push(`asset ${row.asset} sums to ${row.total}`);

  const orphanCodes = await queryRows<{ code: string }>(db, sql`
    select c.code from benefit_codes c join benefit_requests r on r.id = c.request_id
    where c.status = 'used' and r.status <> 'approved'`);
  for (const row of orphanCodes) problems.push(`used code ${row.code} of a request that is not approved`);

  const badStock = await queryRows<{ id: string }>(db, sql`
    select id from platform_benefits where stock_remaining < 0
    union all select id from company_benefits where available_tokens < 0`);
  for (const row of badStock) problems.push(`negative stock on ${row.id}`);
  return problems;
}
