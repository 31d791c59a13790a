/**
 * Approval and rejection of a benefit request (spec part 1 §4, spec part 2 §4), within the processor's scope
 * (./scopes.ts). A request leaves its pending status once, through one conditional UPDATE, so
 * approving twice (or approving and rejecting at once) never issues two codes or refunds twice.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { instructionsRequired, isPendingStatus, statusesDecidedBy } from '#domain/request-lifecycle';
import { type TokenType } from '#domain/constants';
import { AppError } from '#domain/errors';
import { blankToNull } from '#domain/text';
import { type BenefitRequest } from '#domain/schemas/economy';
import type { Db, Tx } from '../../db/client';
import {
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerAccounts,
  platformBenefitUserCounts,
  ledgerTransfers,
  platformBenefits,
  redemptions,
} from '../../db/schema';
import { type Actor } from '../../actor';
import { issueCode } from '../codes/index';
import { recordEvent } from '../events/index';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/index';
import { transferAround, type Account } from '../ledger/index';
import { getBenefitRequestView } from './view';
import { processableScope, processorScopeOf, type ProcessorScope } from './scopes';

type ApproveInput = { id: string; adminInstructions?: string | null };
type RejectInput = { id: string; reason?: string | null };
type ProcessOptions = { idempotencyKey?: string };

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
 * Approves a pending request (spec part 1 §4, spec part 2 §4): records who and when (and the instructions),
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
      if (instructionsRequired(request) && !instructions) {
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
async function refundSpend(tx: Tx, request: typeof benefitRequests.$inferSelect, redemptionId: string | null, actor: Actor, beforeShared: () => Promise<void>) {
  const [spend] = await tx
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.requestId, request.id), eq(ledgerTransfers.kind, 'spend')))
    .orderBy(ledgerTransfers.id)
    .limit(1);
  if (!spend) return beforeShared(); // Nothing was paid (a request not paid with tokens).
  const rows = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, [spend.fromAccount, spend.toAccount]));
  const byId = new Map(rows.map((row) => [row.id, accountOf(row)]));
  const wallet = byId.get(spend.fromAccount);
  const spent = byId.get(spend.toAccount);
  if (!wallet || !spent) throw new Error(`accounts of transfer ${spend.id} are missing`);
  await transferAround(tx, {
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
  }, beforeShared);
}

/** Takes back one redemption from the employee's count of a benefit (never below 0). */
async function uncountUserRedemption(tx: Tx, table: typeof platformBenefitUserCounts | typeof companyBenefitUserCounts, benefitId: string, userId: string) {
  await tx
    .update(table)
    .set({ count: sql`${table.count} - 1` })
    .where(and(eq(table.benefitId, benefitId), eq(table.userId, userId), sql`${table.count} > 0`));
}

/**
 * Puts back exactly what the redemption took, as it recorded it: the employee's per-user count,
 * which every redemption takes (`uncount`), and the unit of stock when it took one (`restoreUnit`;
 * never inferred from the benefit's state now, which an edit may have changed). Two steps, because
 * the lock order at transfer() takes the employee's count row before the wallet and the benefit's
 * row after it.
 */
function restoreStock(tx: Tx, request: typeof benefitRequests.$inferSelect, tookStock: boolean) {
  return {
    uncount: async () => {
      if (request.platformBenefitId) await uncountUserRedemption(tx, platformBenefitUserCounts, request.platformBenefitId, request.userId);
      else if (request.companyBenefitId) await uncountUserRedemption(tx, companyBenefitUserCounts, request.companyBenefitId, request.userId);
    },
    restoreUnit: async () => {
      if (!tookStock) return;
      if (request.platformBenefitId) {
        await tx
          .update(platformBenefits)
          .set({ stockRemaining: sql`${platformBenefits.stockRemaining} + 1` })
          .where(and(eq(platformBenefits.id, request.platformBenefitId), isNotNull(platformBenefits.stockRemaining)));
      } else if (request.companyBenefitId) {
        await tx
          .update(companyBenefits)
          .set({ availableTokens: sql`${companyBenefits.availableTokens} + 1` })
          .where(eq(companyBenefits.id, request.companyBenefitId));
      }
    },
  };
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
      // The global lock order of transfer(), which redemptions follow too (or the two deadlock):
      // the employee's count row, the wallet (refunded), then the benefit's stock row, then the
      // shared spend account.
      const restore = restoreStock(tx, claimed, redemption?.tookStock ?? false);
      await restore.uncount();
      await refundSpend(tx, claimed, redemption?.id ?? null, actor, restore.restoreUnit);
      return requestView(tx, claimed.id);
    },
  );
}
