/**
 * CSV exports of the HR screens (issue 9, beyond the spec): the company's users and its company-token
 * history, for spreadsheets. UTF-8 with a BOM (Excel then reads accents), ';' as separator (Excel's
 * list separator in Chile), dates dd/mm/yyyy hh:mm in Santiago. Rows are read in keyset batches and
 * written through csv-stringify with backpressure, so 10,000 rows never sit in memory together.
 */
import { once } from 'node:events';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { stringify, type Stringifier } from 'csv-stringify';
import { formatDateTime } from '../../../domain/dates';
import { HISTORY_TYPE_LABELS, RECORD_STATUS_LABELS } from '../../../domain/status-labels';
import type { Executor } from '../../db/client';
import { ledgerTransfers, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { historyTypeOf } from '../ledger-views/service';
import type { TransferKind } from '../../../domain/constants';
import { companyUserBatch, type ExportCursor } from '../users/hr-users';

export const EXPORT_BATCH_SIZE = 1000;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a leading
 * apostrophe (OWASP "CSV injection"): a name such as "=HYPERLINK(...)" stays a name.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvStream(columns: string[]): Stringifier {
  return stringify({ bom: true, delimiter: ';', header: true, columns, record_delimiter: 'windows', cast: { string: neutraliseFormula } });
}

/**
 * Feeds `stream` batch by batch: `next(cursor)` reads the rows after the cursor, `toRecord` turns one
 * into its cells. Waits for 'drain' when the client reads slower than the database answers; a
 * failure mid-way destroys the stream (the download is cut, never silently short).
 */
function pump<Row extends { cursor: string; id: string | number }>(
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

/** The company's employees as CSV, newest first. Throws NO_COMPANY_ASSIGNED (before streaming). */
export function streamCompanyUsersCsv(db: Executor, actor: Actor): Stringifier {
  const companyId = companyOf(actor);
  const stream = csvStream(['Nombre', 'Correo', 'Fecha de registro', 'Estado', 'Tipo', 'Encuesta']);
  pump(
    stream,
    (after) => companyUserBatch(db, companyId, after, EXPORT_BATCH_SIZE),
    (u) => [u.name, u.email, formatDateTime(u.createdAt), RECORD_STATUS_LABELS.masculine[u.status === 'inactive' ? 'inactive' : 'active'], u.userType === 'B' ? 'B' : 'A', u.surveyCompleted ? 'Completada' : 'Pendiente'],
  );
  return stream;
}

/** The history export's transfers after the cursor, along ledger_transfers(wallet_company_id, created_at). */
function historyBatch(db: Executor, companyId: string, after: ExportCursor | null) {
  return db
    .select({
      id: ledgerTransfers.id,
      cursor: sql<string>`${ledgerTransfers.createdAt}::text`,
      createdAt: ledgerTransfers.createdAt,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      reason: ledgerTransfers.reason,
      actorName: ledgerTransfers.actorName,
      balanceBefore: ledgerTransfers.balanceBefore,
      balanceAfter: ledgerTransfers.balanceAfter,
      userName: users.name,
      userEmail: users.email,
    })
    .from(ledgerTransfers)
    .leftJoin(users, eq(users.id, ledgerTransfers.walletUserId))
    .where(
      and(
        eq(ledgerTransfers.walletCompanyId, companyId),
        eq(ledgerTransfers.tokenType, 'company'),
        isNotNull(ledgerTransfers.walletUserId),
        after ? sql`(${ledgerTransfers.createdAt}, ${ledgerTransfers.id}) < (${after.createdAt}::timestamptz, ${Number(after.id)})` : undefined,
      ),
    )
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** The company-token history (the same entries as /level2/tokens) as CSV, newest first. Throws NO_COMPANY_ASSIGNED. */
export function streamCompanyTokenHistoryCsv(db: Executor, actor: Actor): Stringifier {
  const companyId = companyOf(actor);
  const stream = csvStream(['Fecha', 'Colaborador', 'Correo', 'Tipo', 'Cantidad', 'Motivo', 'Por', 'Saldo anterior', 'Saldo posterior']);
  pump(
    stream,
    (after) => historyBatch(db, companyId, after),
    (t) => [
      formatDateTime(t.createdAt),
      t.userName ?? 'Usuario desconocido',
      t.userEmail ?? '',
      HISTORY_TYPE_LABELS[historyTypeOf(t.kind as TransferKind)],
      t.amount,
      t.reason ?? '',
      t.actorName ?? 'Sistema',
      t.balanceBefore ?? 0,
      t.balanceAfter ?? 0,
    ],
  );
  return stream;
}
