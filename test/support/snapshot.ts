/**
 * "Changes nothing", proven wide (decision 114): every row of every table of the
 * schema, as JSON, whole rows (so a column or a table added later is covered without editing this
 * file). Compare a snapshot taken before a refused call with one taken after:
 * `expect(await stateSnapshot(db)).toEqual(before)`.
 */
import { getTableName, is, sql, type Table } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/**
 * Left out on purpose, and only these: what a refused call may legitimately move — sessions (their
 * expiry is extended on use) and the rate-limit counters (ours and better-auth's), which count refusals.
 */
export const SNAPSHOT_LEFT_OUT = new Set(['sessions', 'rate_limit_counters', 'auth_rate_limits']);

export const SNAPSHOT_TABLES: Table[] = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .filter((table) => !SNAPSHOT_LEFT_OUT.has(getTableName(table)))
  .sort((a, b) => getTableName(a).localeCompare(getTableName(b)));

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
