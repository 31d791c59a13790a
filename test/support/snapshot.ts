/**
 * "Changes nothing", proven wide (issue 13 "Tests that can fail"): every row of every table a
 * refused call could touch — balances and transfers, requests and redemptions with their statuses,
 * codes, per-user counts, idempotency keys, benefits' stock, users and companies — as JSON, whole
 * rows (so a column added later is covered without editing this file). Compare a snapshot taken
 * before a refused call with one taken after: `expect(await stateSnapshot(db)).toEqual(before)`.
 * Left out on purpose: sessions and rate-limit counters, which a refused call may legitimately move.
 */
import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import {
  benefitCodes,
  benefitRequests,
  companies,
  companyBenefits,
  companyBenefitUserCounts,
  idempotencyKeys,
  ledgerAccounts,
  ledgerTransfers,
  platformBenefits,
  redemptions,
  users,
} from '../../src/server/db/schema';

export const SNAPSHOT_TABLES: Table[] = [
  ledgerAccounts,
  ledgerTransfers,
  benefitRequests,
  redemptions,
  benefitCodes,
  companyBenefitUserCounts,
  idempotencyKeys,
  platformBenefits,
  companyBenefits,
  users,
  companies,
];

export type StateSnapshot = Record<string, unknown[]>;

export async function stateSnapshot(db: Db): Promise<StateSnapshot> {
  const snapshot: StateSnapshot = {};
  for (const table of SNAPSHOT_TABLES) {
    const name = getTableName(table);
    // Rows as JSON in a stable order: no primary key assumed (per-user counts have a composite one).
    const result = (await db.execute(
      sql`select jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text) as rows from ${sql.identifier(name)} t`,
    )) as unknown as { rows: Array<{ rows: unknown[] | null }> };
    snapshot[name] = result.rows[0]?.rows ?? [];
  }
  return snapshot;
}
