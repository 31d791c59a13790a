/**
 * Redeeming a benefit with tokens (part 1 §7 "Token spending for a redemption", part 2 §4) and the
 * employee's own request history (part 2 §2 "/level3/requests").
 *
 * A redemption is one transaction. Its row locks are always taken in the same order — the
 * benefit's stock row, then the employee's per-benefit count, then the two ledger accounts (which
 * `transfer` locks in id order) — so concurrent redemptions wait for each other on PostgreSQL
 * instead of deadlocking. Everything the price and availability depend on is read from the
 * locked rows, never from the client.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { BenefitType, RequestStatus, TokenType } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import type { RedeemInput, RedemptionResult } from '../../../domain/schemas/economy';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/client';
import {
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  platformBenefits,
  redemptions,
} from '../../db/schema';
import { businessToday, companyBenefitInWindow } from '../catalogue/service';
import { issueCode } from '../codes/issue';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/service';
import { accounts, getWalletBalances, transfer, walletFor, type Account } from '../ledger/service';

/** Who approves a request nobody has to look at (part 2 §4: automatic → adminId 'system'). */
const SYSTEM_APPROVER = 'system';

/** A benefit as read from its locked row: the only source of price and kind of approval. */
type LockedBenefit = {
  id: string;
  title: string;
  tokenCost: number;
  /** Platform benefits only. */
  type: BenefitType | null;
  providerUserId: string | null;
  requiresApproval: boolean;
};

/**
 * Takes one unit of a platform benefit's stock (unlimited stays NULL) with one conditional UPDATE,
 * which also locks the row until the redemption commits.
 * @throws BENEFIT_NOT_FOUND, BENEFIT_UNAVAILABLE (inactive), BENEFIT_OUT_OF_STOCK.
 */
async function takePlatformUnit(tx: Tx, benefitId: string): Promise<LockedBenefit> {
  const [row] = await tx
    .update(platformBenefits)
    .set({ stockRemaining: sql`${platformBenefits.stockRemaining} - 1` })
    .where(
      and(
        eq(platformBenefits.id, benefitId),
        eq(platformBenefits.status, 'active'),
        or(isNull(platformBenefits.stockRemaining), gt(platformBenefits.stockRemaining, 0)),
      ),
    )
    .returning();
  if (row) {
    return {
      id: row.id,
      title: row.title,
      tokenCost: row.tokenCost,
      type: row.type as BenefitType,
      providerUserId: row.providerUserId,
      requiresApproval: row.type !== 'automatic',
    };
  }
  const [current] = await tx.select({ status: platformBenefits.status }).from(platformBenefits).where(eq(platformBenefits.id, benefitId));
  if (!current) throw new AppError('BENEFIT_NOT_FOUND');
  if (current.status !== 'active') throw new AppError('BENEFIT_UNAVAILABLE');
  throw new AppError('BENEFIT_OUT_OF_STOCK');
}

/**
 * Takes one unit of a company benefit of the employee's own company, active and inside its dates.
 * @throws BENEFIT_NOT_FOUND (also another company's benefit), BENEFIT_UNAVAILABLE (inactive or
 * outside its dates), BENEFIT_OUT_OF_STOCK.
 */
async function takeCompanyUnit(tx: Tx, benefitId: string, companyId: string): Promise<LockedBenefit & { limitPerUser: number }> {
  const today = businessToday();
  const ours = and(eq(companyBenefits.id, benefitId), eq(companyBenefits.companyId, companyId));
  const [row] = await tx
    .update(companyBenefits)
    .set({ availableTokens: sql`${companyBenefits.availableTokens} - 1` })
    .where(and(ours, eq(companyBenefits.status, 'active'), gt(companyBenefits.availableTokens, 0), companyBenefitInWindow(today)))
    .returning();
  if (row) {
    return {
      id: row.id,
      title: row.title,
      tokenCost: row.tokenCost,
      type: null,
      providerUserId: null,
      requiresApproval: row.requiresApproval,
      limitPerUser: row.limitPerUser,
    };
  }
  const [current] = await tx
    .select({ status: companyBenefits.status, inWindow: sql<boolean>`${companyBenefitInWindow(today)}` })
    .from(companyBenefits)
    .where(ours);
  if (!current) throw new AppError('BENEFIT_NOT_FOUND');
  if (current.status !== 'active' || !current.inWindow) throw new AppError('BENEFIT_UNAVAILABLE');
  throw new AppError('BENEFIT_OUT_OF_STOCK');
}

/**
 * Counts one more redemption of a company benefit by this employee, only while under its
 * limitPerUser: a conditional upsert, so two redemptions at once cannot both pass the limit.
 * @throws ALREADY_REDEEMED.
 */
async function countUserRedemption(tx: Tx, benefitId: string, userId: string, limitPerUser: number): Promise<void> {
  const counted = await tx
    .insert(companyBenefitUserCounts)
    .values({ benefitId, userId, count: 1 })
    .onConflictDoUpdate({
      target: [companyBenefitUserCounts.benefitId, companyBenefitUserCounts.userId],
      set: { count: sql`${companyBenefitUserCounts.count} + 1` },
      setWhere: sql`${companyBenefitUserCounts.count} < ${limitPerUser}`,
    })
    .returning({ count: companyBenefitUserCounts.count });
  if (counted.length === 0) throw new AppError('ALREADY_REDEEMED');
}

/** The request status a new redemption starts in (part 2 §4). */
function initialStatus(benefit: LockedBenefit): RequestStatus {
  if (benefit.type === null) return benefit.requiresApproval ? 'pending' : 'approved';
  if (benefit.type === 'managed') return 'pending_provider_approval';
  if (benefit.type === 'third_party') return 'pending_admin_approval';
  return 'approved';
}

async function redeemInTransaction(tx: Tx, input: RedeemInput, actor: Actor): Promise<RedemptionResult> {
  // A deactivated company has ended its agreement: its employees redeem nothing (decision in docs).
  if (actor.status !== 'active' || (actor.companyId && !actor.companyActive)) throw new AppError('REDEEMER_INACTIVE');

  const isPlatform = input.kind === 'platform';
  let benefit: LockedBenefit;
  let spendAccount: Account;
  if (isPlatform) {
    benefit = await takePlatformUnit(tx, input.benefitId);
    spendAccount = accounts.platformSpend(benefit.providerUserId);
  } else {
    // Without a company there are no company benefits: the id does not exist for this caller.
    if (!actor.companyId) throw new AppError('BENEFIT_NOT_FOUND');
    const companyBenefit = await takeCompanyUnit(tx, input.benefitId, actor.companyId);
    await countUserRedemption(tx, companyBenefit.id, actor.id, companyBenefit.limitPerUser);
    benefit = companyBenefit;
    spendAccount = accounts.companySpend(actor.companyId);
  }

  const tokenType: TokenType = isPlatform ? 'jobby' : 'company';
  const wallet = walletFor(tokenType, { userId: actor.id, companyId: actor.companyId });
  const requestId = randomUUID();
  const redemptionId = randomUUID();
  // Paid before the rows are written: a refused payment costs no inserts.
  await transfer(tx, {
    from: wallet.account,
    to: spendAccount,
    amount: benefit.tokenCost,
    kind: 'spend',
    reason: `Canje: ${benefit.title}`,
    actor: { id: actor.id, name: actor.name },
    wallet: wallet.wallet,
    requestId,
    redemptionId,
    benefitId: benefit.id,
  });

  const now = new Date();
  const status = initialStatus(benefit);
  const isApproved = status === 'approved';
  await tx.insert(benefitRequests).values({
    id: requestId,
    userId: actor.id,
    companyId: actor.companyId,
    platformBenefitId: isPlatform ? benefit.id : null,
    companyBenefitId: isPlatform ? null : benefit.id,
    benefitName: benefit.title,
    benefitType: benefit.type,
    isBenefitJobby: isPlatform,
    paidWithTokens: true,
    tokenCost: benefit.tokenCost,
    status,
    requestDate: now,
    processedDate: isApproved ? now : null,
    adminId: isApproved ? SYSTEM_APPROVER : null,
    productLink: input.productLink ?? null,
    userEmail: actor.email,
    userName: actor.name,
    comments: input.comments ?? null,
  });
  await tx.insert(redemptions).values({
    id: redemptionId,
    userId: actor.id,
    requestId,
    platformBenefitId: isPlatform ? benefit.id : null,
    companyBenefitId: isPlatform ? null : benefit.id,
    benefitName: benefit.title,
    isBenefitJobby: isPlatform,
    tokenCost: benefit.tokenCost,
    status: 'redeemed',
    redemptionDate: now,
    // The spec's redemption carries companyId in the company-token case only (part 1 §3).
    companyId: isPlatform ? null : actor.companyId,
  });
  const code = isApproved
    ? await issueCode(tx, {
        requestId,
        userId: actor.id,
        companyId: actor.companyId,
        platformBenefitId: isPlatform ? benefit.id : null,
        companyBenefitId: isPlatform ? null : benefit.id,
        providerUserId: benefit.providerUserId,
        benefitName: benefit.title,
        benefitType: benefit.type,
        isBenefitJobby: isPlatform,
        createdBy: SYSTEM_APPROVER,
        now,
      })
    : null;

  const balances = await getWalletBalances(tx, actor.id);
  return {
    requestId,
    redemptionId,
    status,
    tokenType,
    tokenCost: benefit.tokenCost,
    code: code ? { code: code.code, status: code.status, expiresAt: code.expiresAt.toISOString(), usedAt: null } : null,
    balances: { jobby: balances.jobby, company: balances.company },
  };
}

/**
 * Redeems a platform benefit with flexible (jobby) tokens or a company benefit with company tokens,
 * in one transaction: stock, per-user limit, payment, request (approved with a code at once, or
 * pending by benefit type) and redemption. With an Idempotency-Key the answer is stored, so a
 * retry never pays twice.
 * @throws (as the outcome's error body) REDEEMER_INACTIVE, BENEFIT_NOT_FOUND, BENEFIT_UNAVAILABLE,
 * BENEFIT_OUT_OF_STOCK, ALREADY_REDEEMED, INSUFFICIENT_JOBBY_TOKENS, INSUFFICIENT_COMPANY_TOKENS,
 * IDEMPOTENCY_CONFLICT.
 */
export async function redeemBenefit(
  db: Db,
  input: RedeemInput,
  actor: Actor,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<RedemptionResult>> {
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'redemptions.redeem', input }, (tx) =>
    redeemInTransaction(tx, input, actor),
  );
}
