/**
 * Redeeming a benefit with tokens (part 1 §7 "Token spending for a redemption", part 2 §4) and the
 * employee's own request history (part 2 §2 "/level3/requests").
 *
 * A redemption is one transaction that takes its row locks in the ledger's global order (see
 * transfer() in ledger/service.ts): the benefit's stock row, the employee's per-benefit count,
 * the employee's wallet, and last — after the request, redemption and code rows are written —
 * the spend account that every redemption of the company (or of the provider) shares. So
 * concurrent redemptions wait for each other on PostgreSQL instead of deadlocking, and the most
 * shared row is held for the fewest round trips. Everything the price and availability depend
 * on is read from the benefit's row inside the transaction, never from the client.
 */
import { randomUUID } from 'node:crypto';
import { initialRequestStatus } from '../../../domain/request-lifecycle';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { BenefitType, RequestStatus, TokenType } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import type { RedeemInput, RedemptionResult } from '../../../domain/schemas/economy';
import type { Actor } from '../../actor';
import type { Db, Tx } from '../../db/client';
import {
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  platformBenefitUserCounts,
  platformBenefits,
  redemptions,
} from '../../db/schema';
import { businessToday, companyBenefitInWindow } from '../catalogue/service';
import { issueCode, type IssuedCode } from '../codes/issue';
import { recordEvent } from '../events/outbox';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/service';
import { accounts, getWalletBalances, transferAround, walletFor, type Account, type TransferInput } from '../ledger/service';

/** Who approves a request nobody has to look at (part 2 §4: automatic → adminId 'system'). */
const SYSTEM_APPROVER = 'system';

/** A benefit as read from its locked row: the only source of price and kind of approval. */
type LockedBenefit = {
  id: string;
  title: string;
  tokenCost: number;
  /** Platform benefits only. */
  type: BenefitType | null;
  /** Who fulfils it; stored on the request as the provider that was paid. */
  providerUserId: string | null;
  requiresApproval: boolean;
  /** Redemptions allowed per employee; 0 = no limit (platform benefits only). */
  limitPerUser: number;
  /** Whether this redemption took a unit of stock (an unlimited benefit has none to take). */
  tookStock: boolean;
};

function platformBenefitOf(row: typeof platformBenefits.$inferSelect, tookStock: boolean): LockedBenefit {
  return {
    id: row.id,
    title: row.title,
    tokenCost: row.tokenCost,
    type: row.type as BenefitType,
    providerUserId: row.providerUserId,
    requiresApproval: row.type !== 'automatic',
    limitPerUser: row.limitPerUser,
    tookStock,
  };
}

/**
 * Takes one unit of a platform benefit's stock with one conditional UPDATE, which also locks the
 * row until the redemption commits.
 *
 * An unlimited benefit (stock NULL) has nothing to take, so its row is only READ, not locked:
 * no count on it can be broken, and a lock would queue every redemption of a popular benefit
 * (an UPDATE also writes a new row version each time; FOR SHARE under concurrency piles MultiXact
 * entries on the row). What a plain read allows is an admin's price change or deactivation
 * committing while the redemption runs: the redemption then counts as made just before it, at
 * the price and status the row had when read, as if the employee had pressed a moment earlier.
 * Deleting the row meanwhile is still impossible: the request's foreign key check locks its key.
 * @throws BENEFIT_NOT_FOUND, BENEFIT_UNAVAILABLE (inactive), BENEFIT_OUT_OF_STOCK.
 */
async function takePlatformUnit(tx: Tx, benefitId: string, retry = true): Promise<LockedBenefit> {
  const [taken] = await tx
    .update(platformBenefits)
    .set({ stockRemaining: sql`${platformBenefits.stockRemaining} - 1` })
    .where(and(eq(platformBenefits.id, benefitId), eq(platformBenefits.status, 'active'), gt(platformBenefits.stockRemaining, 0)))
    .returning();
  if (taken) return platformBenefitOf(taken, true);
  // Unlimited, or a refusal: one read tells which (and which refusal).
  const [current] = await tx.select().from(platformBenefits).where(eq(platformBenefits.id, benefitId));
  if (!current) throw new AppError('BENEFIT_NOT_FOUND');
  if (current.status !== 'active') throw new AppError('BENEFIT_UNAVAILABLE');
  if (current.stockRemaining === null) return platformBenefitOf(current, false);
  // An admin gave the unlimited benefit a stock between the two statements: take from it.
  if (current.stockRemaining > 0 && retry) return takePlatformUnit(tx, benefitId, false);
  throw new AppError('BENEFIT_OUT_OF_STOCK');
}

/**
 * Takes one unit of a company benefit of the employee's own company, active and inside its dates.
 * @throws BENEFIT_NOT_FOUND (also another company's benefit), BENEFIT_UNAVAILABLE (inactive or
 * outside its dates), BENEFIT_OUT_OF_STOCK.
 */
async function takeCompanyUnit(tx: Tx, benefitId: string, companyId: string): Promise<LockedBenefit> {
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
      providerUserId: row.providerUserId,
      requiresApproval: row.requiresApproval,
      tookStock: true,
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
 * Counts one more redemption of a benefit by this employee, only while under its limitPerUser
 * (0 = no limit, platform benefits only): a conditional upsert on the employee's own count row, so two
 * redemptions at once cannot both pass the limit. The count is kept even without a limit, so a
 * limit set later applies to what was already redeemed.
 * @throws ALREADY_REDEEMED.
 */
async function countUserRedemption(tx: Tx, kind: RedeemInput['kind'], benefitId: string, userId: string, limitPerUser: number): Promise<void> {
  const table = kind === 'platform' ? platformBenefitUserCounts : companyBenefitUserCounts;
  const counted = await tx
    .insert(table)
    .values({ benefitId, userId, count: 1 })
    .onConflictDoUpdate({
      target: [table.benefitId, table.userId],
      set: { count: sql`${table.count} + 1` },
      setWhere: limitPerUser === 0 ? undefined : sql`${table.count} < ${limitPerUser}`,
    })
    .returning({ count: table.count });
  if (counted.length === 0) throw new AppError('ALREADY_REDEEMED');
}

type NewRedemption = {
  requestId: string;
  redemptionId: string;
  benefit: LockedBenefit;
  isPlatform: boolean;
  status: RequestStatus;
  now: Date;
};

/** Writes the request, the redemption and, when approved at once, the code (returned). */
async function writeRedemption(tx: Tx, r: NewRedemption, input: RedeemInput, actor: Actor): Promise<IssuedCode | null> {
  const { benefit, isPlatform, now } = r;
  const isApproved = r.status === 'approved';
  await tx.insert(benefitRequests).values({
    id: r.requestId,
    userId: actor.id,
    companyId: actor.companyId,
    platformBenefitId: isPlatform ? benefit.id : null,
    companyBenefitId: isPlatform ? null : benefit.id,
    benefitName: benefit.title,
    benefitType: benefit.type,
    isBenefitJobby: isPlatform,
    paidWithTokens: true,
    tokenCost: benefit.tokenCost,
    status: r.status,
    providerUserId: benefit.providerUserId,
    requestDate: now,
    processedDate: isApproved ? now : null,
    adminId: isApproved ? SYSTEM_APPROVER : null,
    // Only a third-party platform benefit's request carries the product the employee wants (part 2 §3).
    productLink: isPlatform && benefit.type === 'third_party' ? (input.productLink ?? null) : null,
    userEmail: actor.email,
    userName: actor.name,
    comments: input.comments ?? null,
  });
  await recordEvent(tx, {
    type: 'request.created',
    payload: { requestId: r.requestId, userId: actor.id, companyId: actor.companyId, providerUserId: benefit.providerUserId, status: r.status, benefitName: benefit.title },
  });
  await tx.insert(redemptions).values({
    id: r.redemptionId,
    userId: actor.id,
    requestId: r.requestId,
    platformBenefitId: isPlatform ? benefit.id : null,
    companyBenefitId: isPlatform ? null : benefit.id,
    benefitName: benefit.title,
    isBenefitJobby: isPlatform,
    tokenCost: benefit.tokenCost,
    status: 'redeemed',
    tookStock: benefit.tookStock,
    redemptionDate: now,
    // The spec's redemption carries companyId in the company-token case only (part 1 §3).
    companyId: isPlatform ? null : actor.companyId,
  });
  if (!isApproved) return null;
  return issueCode(tx, {
    requestId: r.requestId,
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
  });
}

async function redeemInTransaction(tx: Tx, input: RedeemInput, actor: Actor): Promise<RedemptionResult> {
  // A deactivated company has ended its agreement: its employees redeem nothing (decision in docs).
  if (actor.status !== 'active' || (actor.companyId && !actor.companyActive)) throw new AppError('REDEEMER_INACTIVE');

  // The answer's balances, read before any row is locked: the paying wallet's is replaced below
  // by its exact balance after the payment, so no read runs while the stock row is held.
  const balances = await getWalletBalances(tx, { userId: actor.id, companyId: actor.companyId });

  const isPlatform = input.kind === 'platform';
  let benefit: LockedBenefit;
  let spendAccount: Account;
  if (isPlatform) {
    benefit = await takePlatformUnit(tx, input.benefitId);
    spendAccount = accounts.platformSpend(benefit.providerUserId);
  } else {
    // Without a company there are no company benefits: the id does not exist for this caller.
    if (!actor.companyId) throw new AppError('BENEFIT_NOT_FOUND');
    benefit = await takeCompanyUnit(tx, input.benefitId, actor.companyId);
    spendAccount = accounts.companySpend(actor.companyId);
  }
  // After the benefit's row and before the wallet: the lock order of decision 24.
  await countUserRedemption(tx, input.kind, benefit.id, actor.id, benefit.limitPerUser);

  const tokenType: TokenType = isPlatform ? 'jobby' : 'company';
  const wallet = walletFor(tokenType, { userId: actor.id, companyId: actor.companyId });
  const redemption: NewRedemption = {
    requestId: randomUUID(),
    redemptionId: randomUUID(),
    benefit,
    isPlatform,
    status: initialRequestStatus(benefit),
    now: new Date(),
  };
  const payment: TransferInput = {
    from: wallet.account,
    to: spendAccount,
    amount: benefit.tokenCost,
    kind: 'spend',
    reason: `Canje: ${benefit.title}`,
    actor: { id: actor.id, name: actor.name },
    wallet: wallet.wallet,
    requestId: redemption.requestId,
    redemptionId: redemption.redemptionId,
    benefitId: benefit.id,
  };
  // The wallet pays first (a refused payment costs no inserts), and the rows are written before
  // the shared spend account is credited: its lock is then held only for the transfer row, the
  // stored answer and the commit.
  const { transfer: paid, work: code } = await transferAround(tx, payment, () => writeRedemption(tx, redemption, input, actor));

  const after = { jobby: balances.jobby, company: balances.company };
  after[tokenType] = paid.balanceAfter;
  return {
    requestId: redemption.requestId,
    redemptionId: redemption.redemptionId,
    status: redemption.status,
    tokenType,
    tokenCost: benefit.tokenCost,
    code: code ? { code: code.code, status: code.status, expiresAt: code.expiresAt.toISOString(), usedAt: null } : null,
    balances: after,
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
