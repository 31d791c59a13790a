/**
 * After the redemption phase: did every success the clients saw land exactly once, and do the
 * ledger invariants of ARCHITECTURE §4 still hold? Read straight from the database, not the API.
 */
import type { Database } from '../src/server/db/client';
import { literal, query } from './db';
import { IDS } from './seed';

export type RedeemChecks = {
  /** Unanswered requests, and how many of them the server had committed (read from idempotency_keys). */
  inFlight: number;
  inFlightCommitted: number;
  /** Redeeming wallets whose stored balance or ledger sum differs from initial − cost × successes. */
  lostUpdates: number;
  /** Redeeming employees whose redemption rows differ from their successes. */
  rowMismatches: number;
  /** |stock the benefit should have − stock it has|. */
  stockDifference: number;
  /** Accounts (all of them) whose balance differs from the sum of their transfers. */
  ledgerBalanceMismatches: number;
  /** Assets whose balances do not sum to zero. */
  unbalancedAssets: number;
  /** Employee wallets below zero (the CHECK should make this impossible). */
  negativeWallets: number;
};

export async function checkRedemptions(
  database: Database,
  options: {
    successes: Map<number, number>;
    inFlight: { employee: number; key: string }[];
    redeemers: number;
    initialBalance: number;
    cost: number;
    initialStock: number;
  },
): Promise<RedeemChecks> {
  // An unanswered request counts as a success when its key was stored with a 2xx answer: the key row
  // is written in the redemption's transaction, so it exists exactly when the redemption committed.
  const successes = new Map(options.successes);
  let inFlightCommitted = 0;
  if (options.inFlight.length > 0) {
    const pairs = options.inFlight.map(({ employee, key }) => `(${literal(IDS.employee(employee))}, ${literal(key)})`).join(', ');
    const stored = await query<{ actor: string; status: number }>(
      database,
      `SELECT actor_id AS actor, response_status AS status FROM idempotency_keys WHERE (actor_id, key) IN (${pairs})`,
    );
    const employeeOf = new Map(options.inFlight.map(({ employee }) => [IDS.employee(employee), employee]));
    for (const row of stored) {
      const employee = employeeOf.get(row.actor);
      if (employee === undefined || row.status < 200 || row.status >= 300) continue;
      successes.set(employee, (successes.get(employee) ?? 0) + 1);
      inFlightCommitted += 1;
    }
  }
  const employees = Array.from({ length: options.redeemers }, (_, i) => i + 1);
  const wallets = employees.map((n) => literal(`employee:${IDS.employee(n)}:company:${IDS.company}`)).join(', ');
  // Correlated sums use the from/to indexes of ledger_transfers: one wallet at a time, no full scan.
  const rows = await query<{ owner: string; balance: string | number; ledger: string | number; redemptions: string | number }>(
    database,
    `SELECT la.owner_user_id AS owner, la.balance,
            coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.to_account = la.id), 0)
              - coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.from_account = la.id), 0) AS ledger,
            (SELECT count(*) FROM redemptions r WHERE r.user_id = la.owner_user_id
               AND r.company_benefit_id = ${literal(IDS.companyBenefit)}::uuid AND r.status = 'redeemed') AS redemptions
     FROM ledger_accounts la WHERE la.id IN (${wallets})`,
  );
  const byOwner = new Map(rows.map((row) => [row.owner, row]));
  let lostUpdates = 0;
  let rowMismatches = 0;
  let total = 0;
  for (const n of employees) {
    const succeeded = successes.get(n) ?? 0;
    total += succeeded;
    const expected = options.initialBalance - options.cost * succeeded;
    const row = byOwner.get(IDS.employee(n));
    if (!row || Number(row.balance) !== expected || Number(row.ledger) !== expected) lostUpdates += 1;
    if (!row || Number(row.redemptions) !== succeeded) rowMismatches += 1;
  }

  const [stock] = await query<{ available: number }>(
    database,
    `SELECT available_tokens AS available FROM company_benefits WHERE id = ${literal(IDS.companyBenefit)}::uuid`,
  );
  const [ledger] = await query<{ mismatches: string | number }>(
    database,
    `WITH moved AS (
       SELECT account, sum(delta) AS total FROM (
         SELECT to_account AS account, amount AS delta FROM ledger_transfers
         UNION ALL SELECT from_account, -amount FROM ledger_transfers) d
       GROUP BY account)
     SELECT count(*) AS mismatches FROM ledger_accounts la LEFT JOIN moved m ON m.account = la.id
     WHERE la.balance <> coalesce(m.total, 0)`,
  );
  const [assets] = await query<{ unbalanced: string | number }>(
    database,
    `SELECT count(*) AS unbalanced FROM (SELECT asset FROM ledger_accounts GROUP BY asset HAVING sum(balance) <> 0) a`,
  );
  const [negative] = await query<{ negative: string | number }>(
    database,
    `SELECT count(*) AS negative FROM ledger_accounts WHERE kind = 'wallet' AND balance < 0`,
  );
  return {
    inFlight: options.inFlight.length,
    inFlightCommitted,
    lostUpdates,
    rowMismatches,
    stockDifference: Math.abs(options.initialStock - total - Number(stock.available)),
    ledgerBalanceMismatches: Number(ledger.mismatches),
    unbalancedAssets: Number(assets.unbalanced),
    negativeWallets: Number(negative.negative),
  };
}
