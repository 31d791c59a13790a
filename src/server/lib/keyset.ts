/**
 * Keyset paging (decision 280): a list or an export read newest first continues after its last row's
 * (time, id), so a page or a batch never skips or repeats a row that others insert meanwhile.
 */
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Where a batch of an export ends: its last row's time as the database's text (microseconds kept) and id. */
export type ExportCursor = { createdAt: string; id: string };

/**
 * What a batch row carries for pump to continue after it: its id, and its time as the database's text
 * (so the microseconds survive until the next batch's afterCursor).
 */
export function keysetColumns<Id extends AnyColumn>(time: AnyColumn, id: Id) {
  return { id, cursor: sql<string>`${time}::text` };
}

/** The order every export reads in, newest first, the id breaking ties: the keyset afterCursor continues. */
export function newestFirst(time: AnyColumn, id: AnyColumn): SQL[] {
  return [desc(time), desc(id)];
}

/**
 * The rows after the cursor in an export read newest first, ordered by (time, id) descending: the
 * keyset every batch reads along. The id is compared as its column's type (a uuid, a bigserial, or
 * text), so the index on (time, id) is used.
 */
export function afterCursor(time: AnyColumn, id: AnyColumn, after: ExportCursor | null): SQL | undefined {
  if (!after) return undefined;
  const cursorId = id.dataType === 'number' ? Number(after.id) : id.columnType === 'PgUUID' ? sql`${after.id}::uuid` : after.id;
  return sql`(${time}, ${id}) < (${after.createdAt}::timestamptz, ${cursorId})`;
}
