/**
 * Level 1's CSV exports (decision 272): every account, the requests of level 1's requests screen,
 * every token movement on an employee wallet, and the codes each provider redeemed per month (what a
 * provider invoices). The same format and streaming as HR's (./csv.ts); each row list is read in
 * keyset batches along an index, so an export of 100,000 rows holds one batch at a time.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Stringifier } from 'csv-stringify';
import { formatDateTime, monthLabel } from '#domain/dates';
import { isLevel, LEVEL_NAMES } from '#domain/levels';
import { requestStatusView } from '#domain/request-lifecycle';
import { recordStatusOf, type RequestStatus } from '#domain/constants';
import { RECORD_STATUS_LABELS } from '#domain/status-labels';
import type { Executor } from '../../db/client';
import { benefitCodes, benefitRequests, companies, users } from '../../db/schema';
import { adminRequestScope } from '../requests/index';
import { afterCursor, keysetColumns, newestFirst, type ExportCursor } from '../../lib/keyset';
import { csvOf, csvStream, EXPORT_BATCH_SIZE, pump } from '../../lib/csv';
import { historyBatch, tokenHistoryCsv } from './service';

const NO_LEVEL = 'Sin nivel';
const NO_COMPANY = 'Sin empresa';

/** Every account, newest first, along users(created_at, id). */
function userBatch(db: Executor, after: ExportCursor | null) {
  return db
    .select({
      ...keysetColumns(users.createdAt, users.id),
      name: users.name,
      email: users.email,
      level: users.level,
      companyName: companies.name,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(afterCursor(users.createdAt, users.id, after))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** /level1/users as CSV: every account, newest first. Throws nothing. */
export function streamAdminUsersCsv(db: Executor): Stringifier {
  const stream = csvStream(['Nombre', 'Correo', 'Nivel', 'Empresa', 'Estado', 'Fecha de registro']);
  pump(
    stream,
    (after) => userBatch(db, after),
    (u) => [
      u.name,
      u.email,
      isLevel(u.level) ? LEVEL_NAMES[u.level] : NO_LEVEL,
      u.companyName ?? NO_COMPANY,
      RECORD_STATUS_LABELS.masculine[recordStatusOf(u.status)],
      formatDateTime(u.createdAt),
    ],
  );
  return stream;
}

/** Level 1's requests, newest first, along benefit_requests(status, request_date) and the platform benefit's rows. */
function requestBatch(db: Executor, after: ExportCursor | null) {
  return db
    .select({
      ...keysetColumns(benefitRequests.requestDate, benefitRequests.id),
      requestDate: benefitRequests.requestDate,
      processedDate: benefitRequests.processedDate,
      userName: sql<string | null>`coalesce(${users.name}, ${benefitRequests.userName})`,
      userEmail: sql<string | null>`coalesce(${users.email}, ${benefitRequests.userEmail})`,
      companyName: companies.name,
      benefitName: benefitRequests.benefitName,
      isBenefitJobby: benefitRequests.isBenefitJobby,
      tokenCost: benefitRequests.tokenCost,
      status: benefitRequests.status,
      code: benefitCodes.code,
    })
    .from(benefitRequests)
    .leftJoin(users, eq(users.id, benefitRequests.userId))
    .leftJoin(companies, eq(companies.id, benefitRequests.companyId))
    .leftJoin(benefitCodes, eq(benefitCodes.requestId, benefitRequests.id))
    .where(
      and(
        adminRequestScope(),
        afterCursor(benefitRequests.requestDate, benefitRequests.id, after),
      ),
    )
    .orderBy(...newestFirst(benefitRequests.requestDate, benefitRequests.id))
    .limit(EXPORT_BATCH_SIZE);
}

/** /level1/benefits/requests as CSV: the requests level 1 lists, newest first, with their status as level 1 reads it. Throws nothing. */
export function streamAdminRequestsCsv(db: Executor): Stringifier {
  const stream = csvStream(['Fecha', 'Colaborador', 'Correo', 'Empresa', 'Beneficio', 'Origen', 'Tokens', 'Estado', 'Procesada', 'Código']);
  pump(
    stream,
    (after) => requestBatch(db, after),
    (r) => [
      formatDateTime(r.requestDate),
      r.userName ?? 'Usuario desconocido',
      r.userEmail ?? '',
      r.companyName ?? NO_COMPANY,
      r.benefitName,
      r.isBenefitJobby ? 'Jobby' : 'Empresa',
      r.tokenCost,
      requestStatusView(r.status as RequestStatus, 'admin').label,
      r.processedDate ? formatDateTime(r.processedDate) : '',
      r.code ?? '',
    ],
  );
  return stream;
}

/** Every token movement on an employee wallet (level 1's history, both token types), newest first. Throws nothing. */
export function streamAdminTokenHistoryCsv(db: Executor): Stringifier {
  const { columns, toRecord } = tokenHistoryCsv(true);
  const stream = csvStream(columns);
  pump(stream, (after) => historyBatch(db, null, after), toRecord);
  return stream;
}

/**
 * The codes each provider (a level 4 account) redeemed, per calendar month in Santiago: one row per
 * provider and month, newest month first, then by provider. Counted in SQL along
 * benefit_codes(used_by, used_at), so the answer is providers × months rows however many codes there
 * are. Codes HR redeemed for its own benefits are not a provider's and are left out. Throws nothing.
 */
export async function adminRedemptionsByProviderCsv(db: Executor): Promise<Stringifier> {
  const month = sql<string>`to_char(${benefitCodes.usedAt} at time zone 'America/Santiago', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      providerName: users.name,
      providerEmail: users.email,
      codes: sql<number>`count(*)`.mapWith(Number),
      tokens: sql<number>`coalesce(sum(${benefitRequests.tokenCost}), 0)`.mapWith(Number),
      jobby: sql<number>`count(*) filter (where ${benefitCodes.isBenefitJobby})`.mapWith(Number),
    })
    .from(benefitCodes)
    .innerJoin(users, eq(users.id, benefitCodes.usedBy))
    .innerJoin(benefitRequests, eq(benefitRequests.id, benefitCodes.requestId))
    .where(and(isNotNull(benefitCodes.usedBy), eq(benefitCodes.status, 'used'), eq(users.level, 4)))
    .groupBy(month, users.id, users.name, users.email)
    .orderBy(desc(month), users.name, users.id);
  return csvOf(
    ['Mes', 'Proveedor', 'Correo', 'Códigos canjeados', 'De beneficios Jobby', 'De beneficios de empresa', 'Tokens'],
    rows.map((r) => [monthLabel(r.month), r.providerName, r.providerEmail, r.codes, r.jobby, r.codes - r.jobby, r.tokens]),
  );
}
