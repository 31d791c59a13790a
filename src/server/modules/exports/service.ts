/**
 * CSV exports of the HR screens (beyond the spec): the company's users and its company-token
 * history, for spreadsheets, in the one format of ./csv.ts (BOM, ';', Santiago dates, streamed in
 * keyset batches).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Stringifier } from 'csv-stringify';
import { formatDateTime } from '#domain/dates';
import { IMPORT_HEADERS } from '#domain/employee-import';
import { HISTORY_TYPE_LABELS, isGrantReversal, RECORD_STATUS_LABELS, REVERSAL_LABEL } from '#domain/status-labels';
import type { Executor } from '../../db/client';
import { ledgerTransfers, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { historyTypeOf } from '../ledger-views/index';
import { recordStatusOf, type TransferKind } from '#domain/constants';
import { companyUserBatch } from '../users/index';
import { afterCursor, keysetColumns, newestFirst, type ExportCursor } from '../../lib/keyset';
import { csvStream, EXPORT_BATCH_SIZE, pump } from '../../lib/csv';

export { EXPORT_BATCH_SIZE };

/**
 * The company's employees as CSV, newest first. Its columns hold every column of HR's import
 * (IMPORT_HEADERS: Nombre, Correo, Teléfono, Tipo; decision 291), so an export edited in a spreadsheet
 * comes back in through 'Importar'. Throws NO_COMPANY_ASSIGNED (before streaming).
 */
export function streamCompanyUsersCsv(db: Executor, actor: Actor): Stringifier {
  const companyId = companyOf(actor);
  const stream = csvStream([IMPORT_HEADERS.name, IMPORT_HEADERS.email, IMPORT_HEADERS.phone, 'Fecha de registro', 'Estado', IMPORT_HEADERS.userType, 'Encuesta']);
  pump(
    stream,
    (after) => companyUserBatch(db, companyId, after, EXPORT_BATCH_SIZE),
    (u) => [
      u.name,
      u.email,
      u.phone ?? '',
      formatDateTime(u.createdAt),
      RECORD_STATUS_LABELS.masculine[recordStatusOf(u.status)],
      u.userType === 'B' ? 'B' : 'A',
      u.surveyCompleted ? 'Completada' : 'Pendiente',
    ],
  );
  return stream;
}

/**
 * A token-history export's transfers on employee wallets after the cursor, newest first: one company's
 * company tokens (HR, along ledger_transfers(wallet_company_id, created_at)) or, with `companyId`
 * null, every wallet of both token types (level 1, along ledger_transfers(created_at)).
 */
export function historyBatch(db: Executor, companyId: string | null, after: ExportCursor | null) {
  return db
    .select({
      ...keysetColumns(ledgerTransfers.createdAt, ledgerTransfers.id),
      createdAt: ledgerTransfers.createdAt,
      kind: ledgerTransfers.kind,
      reversesTransferId: ledgerTransfers.reversesTransferId,
      amount: ledgerTransfers.amount,
      reason: ledgerTransfers.reason,
      actorName: ledgerTransfers.actorName,
      balanceBefore: ledgerTransfers.balanceBefore,
      balanceAfter: ledgerTransfers.balanceAfter,
      tokenType: ledgerTransfers.tokenType,
      walletCompanyId: ledgerTransfers.walletCompanyId,
      userName: users.name,
      userEmail: users.email,
    })
    .from(ledgerTransfers)
    .leftJoin(users, eq(users.id, ledgerTransfers.walletUserId))
    .where(
      and(
        companyId ? eq(ledgerTransfers.walletCompanyId, companyId) : undefined,
        companyId ? eq(ledgerTransfers.tokenType, 'company') : undefined,
        isNotNull(ledgerTransfers.walletUserId),
        afterCursor(ledgerTransfers.createdAt, ledgerTransfers.id, after),
      ),
    )
    .orderBy(...newestFirst(ledgerTransfers.createdAt, ledgerTransfers.id))
    .limit(EXPORT_BATCH_SIZE);
}

type HistoryRow = Awaited<ReturnType<typeof historyBatch>>[number];

/**
 * A token-history export's header and cells, HR's and level 1's alike; level 1 reads both token
 * types, so `withTokenType` adds the 'Tokens' column after the person.
 */
export function tokenHistoryCsv(withTokenType: boolean) {
  const columns = ['Fecha', 'Colaborador', 'Correo', ...(withTokenType ? ['Tokens'] : []), 'Tipo', 'Cantidad', 'Motivo', 'Por', 'Saldo anterior', 'Saldo posterior'];
  const toRecord = (t: HistoryRow): unknown[] => [
    formatDateTime(t.createdAt),
    t.userName ?? 'Usuario desconocido',
    t.userEmail ?? '',
    ...(withTokenType ? [t.tokenType === 'company' ? 'Empresa' : 'Flexibles'] : []),
    isGrantReversal(t) ? REVERSAL_LABEL : HISTORY_TYPE_LABELS[historyTypeOf(t.kind as TransferKind)],
    t.amount,
    t.reason ?? '',
    t.actorName ?? 'Sistema',
    t.balanceBefore ?? 0,
    t.balanceAfter ?? 0,
  ];
  return { columns, toRecord };
}

/** The company-token history (the same entries as /level2/tokens) as CSV, newest first. Throws NO_COMPANY_ASSIGNED. */
export function streamCompanyTokenHistoryCsv(db: Executor, actor: Actor): Stringifier {
  const companyId = companyOf(actor);
  const { columns, toRecord } = tokenHistoryCsv(false);
  const stream = csvStream(columns);
  pump(stream, (after) => historyBatch(db, companyId, after), toRecord);
  return stream;
}
