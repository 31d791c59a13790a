/**
 * The one CSV format of every export (decision 271):
 * UTF-8 with a BOM (Excel then reads accents), ';' as separator (Excel's list separator in Chile),
 * CRLF line ends, dates dd/mm/yyyy hh:mm in Santiago (the caller formats them with formatDateTime).
 * Rows are read in keyset batches and written through csv-stringify with backpressure, so a large
 * export never sits in memory together.
 */
import { once } from 'node:events';
import { stringify, type Stringifier } from 'csv-stringify';
import type { ExportCursor } from './keyset';

export const EXPORT_BATCH_SIZE = 1000;

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
