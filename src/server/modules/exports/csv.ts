/**
 * The one CSV format of every export (HR's since issue 9; level 1's and the provider's since issue 23):
 * UTF-8 with a BOM (Excel then reads accents), ';' as separator (Excel's list separator in Chile),
 * CRLF line ends, dates dd/mm/yyyy hh:mm in Santiago (the caller formats them with formatDateTime).
 * Rows are read in keyset batches and written through csv-stringify with backpressure, so a large
 * export never sits in memory together.
 */
import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const EXPORT_BATCH_SIZE = 1000;

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

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a leading
 * apostrophe (OWASP "CSV injection"): a name such as "=HYPERLINK(...)" stays a name.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV stream with these header cells, in the one format above. */
export function csvStream(columns: string[]): Stringifier {
  return stringify({ bom: true, delimiter: ';', header: true, columns, record_delimiter: 'windows', cast: { string: neutraliseFormula } });
}

/**
 * Feeds `stream` batch by batch: `next(cursor)` reads the rows after the cursor (at most
 * EXPORT_BATCH_SIZE), `toRecord` turns one into its cells. Waits for 'drain' when the client reads
 * slower than the database answers; a failure mid-way destroys the stream (the download is cut,
 * never silently short).
 */
export function pump<Row extends { cursor: string; id: string | number }>(
  stream: Stringifier,
  next: (after: ExportCursor | null) => Promise<Row[]>,
  toRecord: (row: Row) => unknown[],
): void {
  void (async () => {
    let after: ExportCursor | null = null;
    for (;;) {
      const rows = await next(after);
      for (const row of rows) {
        if (!stream.write(toRecord(row))) await once(stream, 'drain');
      }
      if (rows.length < EXPORT_BATCH_SIZE) break;
      const last = rows[rows.length - 1];
      after = { createdAt: last.cursor, id: String(last.id) };
    }
    stream.end();
  })().catch((error: unknown) => stream.destroy(error as Error));
}

/** A whole (small) list of records written at once: a summary that is counted, not streamed from rows. */
export function csvOf(columns: string[], records: unknown[][]): Stringifier {
  const stream = csvStream(columns);
  for (const record of records) stream.write(record);
  stream.end();
  return stream;
}
