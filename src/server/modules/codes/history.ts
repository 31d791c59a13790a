/**
 * The provider portal's history and stat cards (spec part 2 §2 "Provider portal", §9): only codes this
 * provider redeemed (spec part 2 §6), read on benefit_codes(used_by, used_at). The history
 * is searched (decision 270), filtered by dates, paged and exported as CSV (the provider invoices from it).
 */
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Stringifier } from 'csv-stringify';
import { formatDateTime } from '#domain/dates';
import { displayName } from '#domain/display-name';
import type { ProviderHistory, ProviderHistoryFilters, ProviderHistoryQuery } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { benefitCodes, benefitRequests, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { selectUsedCodes, usedCodeColumns } from './used-codes';
import { afterCursor, keysetColumns, newestFirst, type ExportCursor } from '../../lib/keyset';
import { csvStream, EXPORT_BATCH_SIZE, pump } from '../../lib/csv';

/** Spec part 2 §8: the history's fallback benefit name. */
const UNKNOWN_BENEFIT_NAME = 'Desconocido';

/**
 * 'Hoy' and 'Este Mes' start at midnight and on the 1st in Chile (the product's users are there;
 * spec part 1 §9 shows times in the Santiago zone), whatever the server's zone (decision 16).
 * The date filter's days are Santiago's too.
 */
const PORTAL_TIME_ZONE = 'America/Santiago';

const startOf = (unit: 'day' | 'month') =>
  sql`(date_trunc(${unit}, now() at time zone ${PORTAL_TIME_ZONE}) at time zone ${PORTAL_TIME_ZONE})`;

/** Midnight in Santiago at the start of a 'YYYY-MM-DD' day, plus `days`. */
const santiagoMidnight = (day: string, days = 0) => sql`((${day}::date + ${days}::int)::timestamp at time zone ${PORTAL_TIME_ZONE})`;

/**
 * The provider's own codes that match the filters: the used_by equality and the dates' range are the
 * index's two columns; the search is checked on those rows only (code, benefit, the employee's name
 * or email), so another provider's codes are never read.
 */
function historyWhere(actor: Actor, filters: ProviderHistoryFilters): SQL {
  const pattern = filters.search ? containsPattern(filters.search) : null;
  return and(
    eq(benefitCodes.usedBy, actor.id),
    filters.from ? gte(benefitCodes.usedAt, santiagoMidnight(filters.from)) : undefined,
    filters.to ? lt(benefitCodes.usedAt, santiagoMidnight(filters.to, 1)) : undefined,
    pattern
      ? or(ilike(benefitCodes.code, pattern), ilike(benefitCodes.benefitName, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
      : undefined,
  ) as SQL;
}

const benefitNameOf = (name: string) => name.trim() || UNKNOWN_BENEFIT_NAME;
const employeeNameOf = (row: { userId: string | null; userName: string | null; userEmail: string | null }) =>
  displayName(row.userId ? { id: row.userId, name: row.userName, email: row.userEmail } : null);

/** One page of the history, newest first (its own function so a test can EXPLAIN the very statement). */
export function providerHistoryPage(db: Executor, actor: Actor, query: ProviderHistoryQuery) {
  return db
    .select(usedCodeColumns)
    .from(benefitCodes)
    .leftJoin(users, eq(users.id, benefitCodes.userId))
    .where(historyWhere(actor, query))
    .orderBy(desc(benefitCodes.usedAt), desc(benefitCodes.id))
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A page of the codes the actor redeemed that match the filters, newest first, how many match, and
 * its counts in total, this month and today (those ignore the filters). Throws nothing.
 */
export async function getProviderHistory(db: Executor, actor: Actor, query: ProviderHistoryQuery): Promise<ProviderHistory> {
  const where = historyWhere(actor, query);
  const [rows, [{ total }], [stats]] = await Promise.all([
    providerHistoryPage(db, actor, query),
    db.select({ total: count() }).from(benefitCodes).leftJoin(users, eq(users.id, benefitCodes.userId)).where(where),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        month: sql<number>`count(*) filter (where ${benefitCodes.usedAt} >= ${startOf('month')})`.mapWith(Number),
        today: sql<number>`count(*) filter (where ${benefitCodes.usedAt} >= ${startOf('day')})`.mapWith(Number),
      })
      .from(benefitCodes)
      .where(eq(benefitCodes.usedBy, actor.id)),
  ]);
  return {
    items: rows.map((row) => ({
      code: row.code,
      benefitName: benefitNameOf(row.benefitName),
      isBenefitJobby: row.isBenefitJobby,
      userName: employeeNameOf(row),
      usedAt: (row.usedAt ?? new Date(0)).toISOString(),
    })),
    total,
    stats,
  };
}

/** The export's rows after the cursor: the same filter, newest first, with the company and the tokens paid. */
function exportBatch(db: Executor, actor: Actor, filters: ProviderHistoryFilters, after: ExportCursor | null) {
  return selectUsedCodes(db, { ...keysetColumns(benefitCodes.usedAt, benefitCodes.id), tokenCost: benefitRequests.tokenCost })
    .innerJoin(benefitRequests, eq(benefitRequests.id, benefitCodes.requestId))
    .where(
      and(
        historyWhere(actor, filters),
        afterCursor(benefitCodes.usedAt, benefitCodes.id, after),
      ),
    )
    .orderBy(...newestFirst(benefitCodes.usedAt, benefitCodes.id))
    .limit(EXPORT_BATCH_SIZE);
}

/**
 * The codes the actor redeemed that match the filters, as CSV (the same format as every export),
 * newest first: what the provider invoices from. Throws nothing.
 */
export function streamProviderHistoryCsv(db: Executor, actor: Actor, filters: ProviderHistoryFilters): Stringifier {
  const stream = csvStream(['Fecha', 'Código', 'Beneficio', 'Origen', 'Usuario', 'Empresa', 'Tokens']);
  pump(
    stream,
    (after) => exportBatch(db, actor, filters, after),
    (row) => [
      formatDateTime(row.usedAt ?? new Date(0)),
      row.code,
      benefitNameOf(row.benefitName),
      row.isBenefitJobby ? 'Jobby' : 'Empresa',
      employeeNameOf(row),
      row.companyName ?? '',
      row.tokenCost,
    ],
  );
  return stream;
}
