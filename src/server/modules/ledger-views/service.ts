/**
 * Read models over the ledger for the admin and HR screens (`ledger/service.ts` keeps the
 * money core alone): employees with both balances, and the spec's history entries. Reads only.
 */
import { and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HISTORY_COUNT_CAP, recordStatusOf, type TokenType, type TransferKind } from '#domain/constants';
import type { EmployeeBalance, HistoryEntry, HistoryPage } from '#domain/schemas/economy';
import type { Executor } from '../../db/client';
import { companies, ledgerAccounts, ledgerTransfers, users } from '../../db/schema';
import { personColumns } from '../users/index';
import { containsPattern } from '../../db/search';

/**
 * The total of a page whose rows carry it (an uncorrelated count subquery, run once per statement:
 * far cheaper than `count(*) over ()`, which would sort every match before the LIMIT). Only an
 * empty page past the end needs a statement of its own.
 */
async function pageTotal(rows: Array<{ total: number }>, offset: number, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return offset === 0 ? 0 : count();
}

type EmployeeListOptions = {
  /** Only this company's employees (HR); null = every level 3 user (platform admin). */
  companyId: string | null;
  /** Only active accounts: the people tokens can be given to (level 1's picker). */
  activeOnly?: boolean;
  search?: string;
  limit: number;
  offset: number;
};

/**
 * Level 3 users with both balances, newest first, in ONE statement: the page of users is cut
 * first, reading only its rows (plus one) backwards along users(company_id, level, created_at)
 * for a company, or users(level, created_at) for every employee, and only those rows are joined
 * to their two wallets; the total is a count subquery PostgreSQL runs once, on the same index
 * when it is selective. A 10,000-employee company costs a 21-row index range and one count,
 * not a read of every employee per page (EXPLAIN ANALYZE in bench/README.md). Throws nothing.
 */
export async function listEmployeeBalances(db: Executor, options: EmployeeListOptions): Promise<{ items: EmployeeBalance[]; total: number }> {
  const where = and(
    eq(users.level, 3),
    options.companyId ? eq(users.companyId, options.companyId) : undefined,
    options.activeOnly ? eq(users.status, 'active') : undefined,
    options.search ? or(ilike(users.name, containsPattern(options.search)), ilike(users.email, containsPattern(options.search))) : undefined,
  );
  const page = db
    .select({
      ...personColumns,
      companyId: users.companyId,
      createdAt: users.createdAt,
      total: sql<number>`${db.$count(users, where)}`.mapWith(Number).as('total'),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  const jobbyWallet = alias(ledgerAccounts, 'jobby_wallet');
  const companyWallet = alias(ledgerAccounts, 'company_wallet');
  const rows = await db
    .select({
      id: page.id,
      name: page.name,
      email: page.email,
      companyId: page.companyId,
      companyName: companies.name,
      status: page.status,
      total: page.total,
      jobby: jobbyWallet.balance,
      jobbyUpdatedAt: jobbyWallet.updatedAt,
      company: companyWallet.balance,
      companyUpdatedAt: companyWallet.updatedAt,
    })
    .from(page)
    .leftJoin(jobbyWallet, and(eq(jobbyWallet.ownerUserId, page.id), eq(jobbyWallet.tokenType, 'jobby')))
    .leftJoin(companyWallet, and(eq(companyWallet.ownerUserId, page.id), eq(companyWallet.companyId, page.companyId), eq(companyWallet.tokenType, 'company')))
    .leftJoin(companies, eq(companies.id, page.companyId))
    .orderBy(desc(page.createdAt), page.id);
  const total = await pageTotal(rows, options.offset, () => db.$count(users, where));
  return {
    total,
    items: rows.map((row) => {
      const touched = [row.jobbyUpdatedAt, row.companyUpdatedAt].filter((d): d is Date => d !== null);
      const lastUpdated = touched.length ? new Date(Math.max(...touched.map((d) => d.getTime()))) : null;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        companyId: row.companyId,
        companyName: row.companyName,
        status: recordStatusOf(row.status),
        jobby: row.jobby ?? 0,
        company: row.company ?? 0,
        lastUpdated: lastUpdated ? lastUpdated.toISOString() : null,
      };
    }),
  };
}

type HistoryType = HistoryEntry['type'];

/** The spec's history types over our transfer kinds: money in is 'add', taken back 'remove', spent 'used'. */
const KINDS_BY_HISTORY_TYPE: Record<HistoryType, readonly TransferKind[]> = {
  add: ['grant', 'reward', 'refund', 'import'],
  remove: ['revoke'],
  used: ['spend'],
};

/** @throws Error for a kind outside the schema's check (a programming error, never a user's). */
export function historyTypeOf(kind: TransferKind): HistoryType {
  const entry = (Object.entries(KINDS_BY_HISTORY_TYPE) as Array<[HistoryType, readonly TransferKind[]]>).find(([, kinds]) => kinds.includes(kind));
  if (!entry) throw new Error(`transfer kind without history type: ${kind}`);
  return entry[0];
}

type TransferRow = typeof ledgerTransfers.$inferSelect;

/** One history entry from a transfer on an employee wallet (and the wallet owner's name). Throws as historyTypeOf. */
function toHistoryEntry(row: TransferRow, userName: string | null, reversedByTransferId: number | null): HistoryEntry {
  const kind = row.kind as TransferKind;
  return {
    id: row.id,
    type: historyTypeOf(kind),
    kind,
    tokenType: row.tokenType === 'company' ? 'company' : 'jobby',
    amount: row.amount,
    reason: row.reason,
    actorId: row.actorId,
    actorName: row.actorName,
    userId: row.walletUserId,
    userName,
    balanceBefore: row.balanceBefore ?? 0,
    balanceAfter: row.balanceAfter ?? 0,
    benefitId: row.benefitId,
    requestId: row.requestId,
    reversesTransferId: row.reversesTransferId,
    reversedByTransferId,
    createdAt: row.createdAt.toISOString(),
  };
}

type HistoryOptions = {
  /** Only this company's company-token history (HR); null = every wallet (platform admin). */
  companyId: string | null;
  userId?: string;
  type: HistoryType | 'all';
  tokenType?: TokenType;
  /** Matches the wallet owner's name or email, or the reason. */
  search?: string;
  /**
   * 'time' (default): newest first across wallets. 'sequence': one wallet's transfers in the order
   * they changed its balance (by id, drawn under the wallet's lock), so each row's balance after is
   * the next row's balance before (decision 203).
   */
  order?: 'time' | 'sequence';
  limit: number;
  offset: number;
};

/**
 * The spec's history entries, newest first: a view over the transfers that touch an employee wallet.
 * The total counts at most HISTORY_COUNT_CAP + 1 matches (a LIMIT inside the count), so a page costs
 * the same on a ledger of millions of transfers. Throws nothing.
 */
export async function listHistory(db: Executor, options: HistoryOptions): Promise<HistoryPage> {
  const tokenType = options.companyId ? 'company' : options.tokenType;
  const pattern = options.search ? containsPattern(options.search) : null;
  // Search by owner is a subquery rather than a join, so that the count needs the transfers table only.
  const ownerMatches = pattern
    ? inArray(ledgerTransfers.walletUserId, db.select({ id: users.id }).from(users).where(or(ilike(users.name, pattern), ilike(users.email, pattern))))
    : undefined;
  const where = and(
    isNotNull(ledgerTransfers.walletUserId),
    options.companyId ? eq(ledgerTransfers.walletCompanyId, options.companyId) : undefined,
    tokenType ? eq(ledgerTransfers.tokenType, tokenType) : undefined,
    options.userId ? eq(ledgerTransfers.walletUserId, options.userId) : undefined,
    options.type !== 'all' ? inArray(ledgerTransfers.kind, [...KINDS_BY_HISTORY_TYPE[options.type]]) : undefined,
    pattern ? or(ownerMatches, ilike(ledgerTransfers.reason, pattern)) : undefined,
  );
  const matches = db.select({ one: sql`1` }).from(ledgerTransfers).where(where).limit(HISTORY_COUNT_CAP + 1);
  const cappedCount = sql<number>`(select count(*) from (${matches}) as capped)`.mapWith(Number);
  // The transfer that took a row back (a grant's reversal, a spend's refund): one probe of the unique
  // index on reverses_transfer_id per row of the page, so the screen knows what 'Revertir' may offer.
  const reversal = alias(ledgerTransfers, 'reversal');
  const rows = await db
    .select({ transfer: ledgerTransfers, userName: users.name, reversedBy: reversal.id, total: cappedCount })
    .from(ledgerTransfers)
    .leftJoin(users, eq(users.id, ledgerTransfers.walletUserId))
    .leftJoin(reversal, eq(reversal.reversesTransferId, ledgerTransfers.id))
    .where(where)
    .orderBy(...(options.order === 'sequence' ? [desc(ledgerTransfers.id)] : [desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id)]))
    .limit(options.limit)
    .offset(options.offset);
  const counted = await pageTotal(rows, options.offset, async () => {
    const [row] = await db.select({ total: cappedCount }).from(sql`(select 1) as one`);
    return row?.total ?? 0;
  });
  return {
    total: Math.min(counted, HISTORY_COUNT_CAP),
    totalIsCapped: counted > HISTORY_COUNT_CAP,
    items: rows.map((row) => toHistoryEntry(row.transfer, row.userName, row.reversedBy)),
  };
}

/**
 * The employee's own wallet, one token type (decision 203): every movement of it, newest
 * first in the ledger's own sequence, with the balance after each as the ledger stored it. Company
 * tokens are the current company's wallet (the header's 'Empresa' card); none without a company.
 * Read along ledger_transfers_wallet_seq_idx. Throws nothing.
 */
export async function listOwnWallet(
  db: Executor,
  query: { tokenType: TokenType; type: HistoryType | 'all'; limit: number; offset: number },
  owner: { userId: string; companyId: string | null },
): Promise<HistoryPage> {
  if (query.tokenType === 'company' && !owner.companyId) return { items: [], total: 0, totalIsCapped: false };
  return listHistory(db, {
    companyId: query.tokenType === 'company' ? owner.companyId : null,
    userId: owner.userId,
    tokenType: query.tokenType,
    type: query.type,
    order: 'sequence',
    limit: query.limit,
    offset: query.offset,
  });
}
