/**
 * Benefit requests as the people who process them see them (part 1 §4, part 2 §4): the three
 * request lists, and approval and rejection.
 *
 * Who may process what (anything else answers REQUEST_NOT_FOUND, as if it did not exist):
 * - level 1: requests of platform benefits, in any pending status;
 * - level 2: requests of its own company's benefits, in 'pending';
 * - level 4: 'pending_provider_approval' requests that paid it (the provider stored on the request at
 *   redemption, not the benefit's current one: moving a benefit affects future redemptions only).
 * A request leaves its pending status once, through one conditional UPDATE, so approving twice
 * (or approving and rejecting at once) never issues two codes or refunds twice.
 */
import { and, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { statusesDecidedBy } from '../../../domain/approvals';
import { PENDING_REQUEST_STATUSES, type TokenType } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import { canEnterArea } from '../../../domain/levels';
import { blankToNull } from '../../../domain/text';
import { REQUEST_FILTERS, type BenefitRequest, type RequestFilter, type requestListQuerySchema, type requestListSchema } from '../../../domain/schemas/economy';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { Db, Executor, Tx } from '../../db/client';
import {
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerAccounts,
  platformBenefitUserCounts,
  ledgerTransfers,
  platformBenefits,
  redemptions,
  users,
} from '../../db/schema';
import { companyOf } from '../../actor';
import { issueCode } from '../codes/issue';
import { recordEvent } from '../events/outbox';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/service';
import { containsPattern } from '../../db/search';
import { transfer, type Account } from '../ledger/service';
import { getBenefitRequestView, isPendingStatus, selectRequestViews, toBenefitRequest } from './view';

export type RequestListQuery = z.infer<typeof requestListQuerySchema>;
export type RequestList = z.infer<typeof requestListSchema>;

type ProcessorScope =
  | { kind: 'admin' }
  | { kind: 'company'; companyId: string }
  | { kind: 'provider'; providerId: string };

const PENDING = [...PENDING_REQUEST_STATUSES];

/**
 * What kind of processor the actor is: level 2 its company, level 4 its own lane, level 1 all
 * (an address grants nothing by itself, decision 27).
 * @throws NO_COMPANY_ASSIGNED for a level 2 actor without company; REQUEST_NOT_FOUND for anyone else.
 */
function processorScopeOf(actor: Actor): ProcessorScope {
  if (actor.level === 2) return { kind: 'company', companyId: companyOf(actor) };
  if (actor.level === 4) return { kind: 'provider', providerId: actor.id };
  if (canEnterArea(actor, 1)) return { kind: 'admin' };
  throw new AppError('REQUEST_NOT_FOUND');
}

/** The requests of a company's own benefits: what its HR lists and decides. */
export const ownCompanyBenefit = (companyId: string): SQL =>
  and(
    eq(benefitRequests.companyId, companyId),
    inArray(benefitRequests.companyBenefitId, sql`(select ${companyBenefits.id} from ${companyBenefits} where ${companyBenefits.companyId} = ${companyId})`),
  ) as SQL;

/** The requests that paid this provider (stored at redemption). */
const paidToProvider = (providerId: string): SQL => eq(benefitRequests.providerUserId, providerId);

/**
 * The requests a processor can act on, or could have (so a late decision reads "already processed",
 * not "not found"). A provider's lane is its managed benefits' requests (part 2 §4: managed →
 * pending_provider_approval); what awaits admin approval is not its business even when linked to it.
 */
function processableScope(scope: ProcessorScope): SQL {
  switch (scope.kind) {
    case 'admin':
      return isNotNull(benefitRequests.platformBenefitId);
    case 'company':
      return ownCompanyBenefit(scope.companyId);
    case 'provider':
      return and(
        paidToProvider(scope.providerId),
        or(eq(benefitRequests.status, 'pending_provider_approval'), eq(benefitRequests.benefitType, 'managed')),
      ) as SQL;
  }
}

// ───────── lists ─────────

function filterCondition(filter: RequestFilter): SQL | undefined {
  if (filter === 'pending') return inArray(benefitRequests.status, PENDING);
  if (filter === 'pending_admin') return eq(benefitRequests.status, 'pending_admin_approval');
  if (filter === 'approved' || filter === 'rejected') return eq(benefitRequests.status, filter);
  return undefined;
}

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(benefitRequests.userName, pattern),
    ilike(benefitRequests.userEmail, pattern),
    ilike(benefitRequests.benefitName, pattern),
  );
}

/**
 * A page of requests inside `scope`: pending first, then newest. `pendingCount` counts every pending
 * request of the scope whatever the filter and search; `counts` each tab's requests that match the
 * search — all in one counting statement.
 */
async function listRequests(db: Executor, scope: SQL, query: RequestListQuery, order: 'pending-first' | 'newest' = 'pending-first'): Promise<RequestList> {
  const searched = searchCondition(query.search);
  const narrowed = and(filterCondition(query.filter), searched);
  const pendingFirst = sql`case when ${inArray(benefitRequests.status, PENDING)} then 0 else 1 end`;
  const newest = [desc(benefitRequests.requestDate), desc(benefitRequests.id)];
  const countOf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
  const tabCounts = Object.fromEntries(REQUEST_FILTERS.map((filter) => [filter, countOf(and(filterCondition(filter), searched))])) as Record<RequestFilter, ReturnType<typeof countOf>>;
  const [rows, [counts]] = await Promise.all([
    selectRequestViews(db)
      .where(and(scope, narrowed))
      .orderBy(...(order === 'pending-first' ? [pendingFirst, ...newest] : newest))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: countOf(narrowed), pendingCount: countOf(inArray(benefitRequests.status, PENDING)), ...tabCounts })
      .from(benefitRequests)
      .leftJoin(users, eq(users.id, benefitRequests.userId))
      .where(scope),
  ]);
  const { total, pendingCount, ...byTab } = counts;
  return { items: rows.map(toBenefitRequest), total, pendingCount, counts: byTab as RequestList['counts'] };
}

/** What level 1's requests screen lists (part 1 §4): platform-benefit requests and those awaiting admin approval. */
export const adminRequestScope = (): SQL => or(isNotNull(benefitRequests.platformBenefitId), eq(benefitRequests.status, 'pending_admin_approval')) as SQL;

/** The pending requests of level 1's list, which level 1 may all decide (decision 14): the dashboard's figure. */
export const adminPendingRequests = (): SQL => and(adminRequestScope(), inArray(benefitRequests.status, statusesDecidedBy('admin'))) as SQL;

/** Level 1 (part 1 §4): platform-benefit requests and those awaiting admin approval. Throws nothing. */
export async function listAdminRequests(db: Executor, query: RequestListQuery): Promise<RequestList> {
  return listRequests(db, adminRequestScope(), query);
}

/**
 * Level 2 (part 2 §2 "/level2/requests"): the requests of the actor's own company benefits.
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 */
export async function listCompanyRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  return listRequests(db, ownCompanyBenefit(companyOf(actor)), query);
}

/** Level 4: 'pending_provider_approval' requests that paid the actor. Throws nothing. */
export async function listProviderRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  const scope = and(paidToProvider(actor.id), eq(benefitRequests.status, 'pending_provider_approval')) as SQL;
  return listRequests(db, scope, query);
}

/** Level 3 (part 2 "/level3/requests"): the employee's own requests, newest first, each with its code. Throws nothing. */
export async function listMyRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  return listRequests(db, eq(benefitRequests.userId, actor.id), query, 'newest');
}

// ───────── approval and rejection ─────────

export type ApproveInput = { id: string; adminInstructions?: string | null };
export type RejectInput = { id: string; reason?: string | null };
export type ProcessOptions = { idempotencyKey?: string };

/** @throws REQUEST_NOT_FOUND outside the processor's scope; REQUEST_NOT_PENDING when already processed. */
async function findPendingTarget(tx: Tx, id: string, scope: ProcessorScope) {
  const [target] = await tx
    .select()
    .from(benefitRequests)
    .where(and(eq(benefitRequests.id, id), processableScope(scope)));
  if (!target) throw new AppError('REQUEST_NOT_FOUND');
  if (!isPendingStatus(target.status)) throw new AppError('REQUEST_NOT_PENDING');
  return target;
}

/**
 * Moves the request out of a status this processor may process, in one conditional UPDATE: of two
 * concurrent decisions exactly one gets the row.
 * @throws REQUEST_NOT_PENDING when another decision got there first.
 */
async function claimRequest(
  tx: Tx,
  id: string,
  scope: ProcessorScope,
  decision: { status: 'approved'; adminId: string; adminInstructions: string | null } | { status: 'rejected'; adminId: string; decisionNote: string | null },
) {
  const [claimed] = await tx
    .update(benefitRequests)
    .set({
      status: decision.status,
      adminId: decision.adminId,
      processedDate: sql`now()`,
      ...(decision.status === 'approved' ? { adminInstructions: decision.adminInstructions } : { decisionNote: decision.decisionNote }),
    })
    .where(and(eq(benefitRequests.id, id), inArray(benefitRequests.status, statusesDecidedBy(scope.kind))))
    .returning();
  if (!claimed) throw new AppError('REQUEST_NOT_PENDING');
  await recordEvent(tx, {
    type: 'request.decided',
    payload: {
      requestId: claimed.id,
      userId: claimed.userId,
      companyId: claimed.companyId,
      providerUserId: claimed.providerUserId,
      status: decision.status,
      benefitName: claimed.benefitName,
    },
  });
  return claimed;
}

async function requestView(tx: Tx, id: string): Promise<BenefitRequest> {
  const view = await getBenefitRequestView(tx, id);
  if (!view) throw new Error(`request ${id} vanished inside its own transaction`);
  return view;
}

/**
 * Approves a pending request (part 1 §4, part 2 §4): records who and when (and the instructions),
 * and issues its code, valid 30 days; when the request names the provider that was paid, only that
 * provider can redeem the code. Idempotent with `idempotencyKey`.
 * @throws REQUEST_NOT_FOUND when the request does not exist or is not the actor's to process.
 * @throws REQUEST_NOT_PENDING when it was already approved or rejected.
 * @throws INSTRUCTIONS_REQUIRED when a token-paid request awaiting admin approval comes without instructions.
 * @throws NO_COMPANY_ASSIGNED when a level 2 actor has no company.
 */
export async function approveRequest(db: Db, input: ApproveInput, actor: Actor, options: ProcessOptions = {}): Promise<IdempotentOutcome<BenefitRequest>> {
  const scope = processorScopeOf(actor);
  const instructions = blankToNull(input.adminInstructions);
  return runIdempotent(
    db,
    { actorId: actor.id, key: options.idempotencyKey, operation: 'requests.approve', input: { id: input.id, adminInstructions: instructions } },
    async (tx) => {
      const request = await findPendingTarget(tx, input.id, scope);
      // Part 1 §5: approving a token-paid request awaiting admin approval needs the instructions text.
      if (request.status === 'pending_admin_approval' && request.paidWithTokens && !instructions) {
        throw new AppError('INSTRUCTIONS_REQUIRED');
      }
      const claimed = await claimRequest(tx, request.id, scope, { status: 'approved', adminId: actor.id, adminInstructions: instructions });
      await issueCode(tx, {
        requestId: claimed.id,
        userId: claimed.userId,
        companyId: claimed.companyId,
        platformBenefitId: claimed.platformBenefitId,
        companyBenefitId: claimed.companyBenefitId,
        providerUserId: claimed.providerUserId,
        benefitName: claimed.benefitName,
        benefitType: claimed.benefitType,
        isBenefitJobby: claimed.isBenefitJobby,
        adminInstructions: claimed.adminInstructions,
        createdBy: actor.id,
      });
      return requestView(tx, claimed.id);
    },
  );
}

function accountOf(row: typeof ledgerAccounts.$inferSelect): Account {
  return {
    id: row.id,
    kind: row.kind as Account['kind'],
    asset: row.asset,
    ownerUserId: row.ownerUserId,
    companyId: row.companyId,
    tokenType: row.tokenType as TokenType | null,
  };
}

/**
 * Gives back what the request cost: a 'refund' transfer that reverses the request's 'spend'
 * (same accounts the other way, same amount, pointing at it). The unique index on
 * reverses_transfer_id makes a second refund of the same spend impossible.
 */
async function refundSpend(tx: Tx, request: typeof benefitRequests.$inferSelect, redemptionId: string | null, actor: Actor) {
  const [spend] = await tx
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.requestId, request.id), eq(ledgerTransfers.kind, 'spend')))
    .orderBy(ledgerTransfers.id)
    .limit(1);
  if (!spend) return; // Nothing was paid (a request not paid with tokens).
  const rows = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, [spend.fromAccount, spend.toAccount]));
  const byId = new Map(rows.map((row) => [row.id, accountOf(row)]));
  const wallet = byId.get(spend.fromAccount);
  const spent = byId.get(spend.toAccount);
  if (!wallet || !spent) throw new Error(`accounts of transfer ${spend.id} are missing`);
  await transfer(tx, {
    from: spent,
    to: wallet,
    amount: spend.amount,
    kind: 'refund',
    reason: `Reembolso: ${request.benefitName}`,
    actor: { id: actor.id, name: actor.name },
    wallet: {
      userId: spend.walletUserId ?? request.userId,
      companyId: spend.walletCompanyId,
      tokenType: spend.tokenType === 'company' ? 'company' : 'jobby',
    },
    requestId: request.id,
    redemptionId,
    benefitId: request.platformBenefitId ?? request.companyBenefitId,
    reversesTransferId: spend.id,
  });
}

/** Takes back one redemption from the employee's count of a benefit (never below 0). */
async function uncountUserRedemption(tx: Tx, table: typeof platformBenefitUserCounts | typeof companyBenefitUserCounts, benefitId: string, userId: string) {
  await tx
    .update(table)
    .set({ count: sql`${table.count} - 1` })
    .where(and(eq(table.benefitId, benefitId), eq(table.userId, userId), sql`${table.count} > 0`));
}

/**
 * Puts back exactly what the redemption took, as it recorded it: the unit of stock when it took one
 * (never inferred from the benefit's state now, which an edit may have changed), and the employee's
 * per-user count, which every redemption takes.
 */
async function restoreStock(tx: Tx, request: typeof benefitRequests.$inferSelect, tookStock: boolean) {
  if (request.platformBenefitId) {
    if (tookStock) {
      await tx
        .update(platformBenefits)
        .set({ stockRemaining: sql`${platformBenefits.stockRemaining} + 1` })
        .where(and(eq(platformBenefits.id, request.platformBenefitId), isNotNull(platformBenefits.stockRemaining)));
    }
    await uncountUserRedemption(tx, platformBenefitUserCounts, request.platformBenefitId, request.userId);
    return;
  }
  if (request.companyBenefitId) {
    if (tookStock) {
      await tx
        .update(companyBenefits)
        .set({ availableTokens: sql`${companyBenefits.availableTokens} + 1` })
        .where(eq(companyBenefits.id, request.companyBenefitId));
    }
    await uncountUserRedemption(tx, companyBenefitUserCounts, request.companyBenefitId, request.userId);
  }
}

/**
 * Rejects a pending request and undoes its redemption in the same transaction: refunds the tokens
 * (a reversing ledger transfer), restores the stock unit and the per-user count, and marks the
 * redemption 'refunded'. The reason, if any, is kept as the request's decision note. Idempotent with
 * `idempotencyKey`.
 * @throws REQUEST_NOT_FOUND when the request does not exist or is not the actor's to process.
 * @throws REQUEST_NOT_PENDING when it was already approved or rejected.
 * @throws NO_COMPANY_ASSIGNED when a level 2 actor has no company.
 */
export async function rejectRequest(db: Db, input: RejectInput, actor: Actor, options: ProcessOptions = {}): Promise<IdempotentOutcome<BenefitRequest>> {
  const scope = processorScopeOf(actor);
  const reason = blankToNull(input.reason);
  return runIdempotent(
    db,
    { actorId: actor.id, key: options.idempotencyKey, operation: 'requests.reject', input: { id: input.id, reason } },
    async (tx) => {
      const request = await findPendingTarget(tx, input.id, scope);
      const claimed = await claimRequest(tx, request.id, scope, { status: 'rejected', adminId: actor.id, decisionNote: reason });
      const [redemption] = await tx
        .update(redemptions)
        .set({ status: 'refunded' })
        .where(eq(redemptions.requestId, claimed.id))
        .returning({ id: redemptions.id, tookStock: redemptions.tookStock });
      // Stock and count rows before the ledger accounts, which the refund moves wallet first:
      // the global lock order of transfer() that redemptions follow too, or the two deadlock.
      await restoreStock(tx, claimed, redemption?.tookStock ?? false);
      await refundSpend(tx, claimed, redemption?.id ?? null, actor);
      return requestView(tx, claimed.id);
    },
  );
}
