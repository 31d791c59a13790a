import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row as JSON keyed by column name, as `jsonb_populate_record(null::table, …)` reads it in SQL
 * (the redemption's function, decision 329): every column of `table`, null where `row` has no value.
 * Dates travel as ISO strings, which PostgreSQL reads back as timestamptz.
 */
export function rowJson(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, row[key] ?? null]));
}
