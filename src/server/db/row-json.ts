import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Each table's [property, column name] pairs, read once. */
const columnNames = new WeakMap<PgTable, [key: string, name: string][]>();

/**
 * A row as JSON keyed by column name, as `jsonb_populate_record(null::table, …)` reads it in SQL
 * (the redemption's function, decision 329): every column of `table`, null where `row` has no value.
 * Dates travel as ISO strings, which PostgreSQL reads back as timestamptz.
 */
export function rowJson(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  let names = columnNames.get(table);
  if (!names) {
    names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]);
    columnNames.set(table, names);
  }
  return Object.fromEntries(names.map(([key, name]) => [name, row[key] ?? null]));
}
