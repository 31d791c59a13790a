/**
 * Redeeming a benefit with tokens (part 1 §7 "Token spending for a redemption", part 2 §4) and the
 * employee's own request history (part 2 §2 "/level3/requests").
 *
 * A redemption is one transaction that takes its row locks in the ledger's global order (see
 * transfer() in ledger/service.ts): the employee's own rows first — the per-benefit count, the
 * wallet — then the request, redemption and code rows, and LAST, in one statement right before
 * COMMIT, the two rows that every redemption shares: the benefit's stock (a conditional UPDATE)
 * and the spend account of the company (or provider). Everything the price and availability
 * depend on is read from the benefit's row inside the transaction, never from the client; the
 * final UPDATE checks status, dates and stock again, and a redemption that finds the stock gone
 * there rolls back whole and runs again (it then refuses as sold out, decision 144).
 */
import { randomUUID } from 'node:crypto';
import { initialRequestStatus } from '../../../domain/request-lifecycle';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { BenefitType, RequestStatus, TokenType } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import type { RedeemInput, RedemptionResult } from '../../../domain/schemas/economy';
import type { Actor } from '../../actor';
import { builtOnce, value } from '../../db/built-once';
import type { Db, Tx } from '../../db/client';
import {
  benefitCodes,
  benefitRequests,
  companyBenefits,
  companyBenefitUserCounts,
  ledgerAccounts,
  platformBenefitUserCounts,
  platformBenefits,
  redemptions,
} from '../../db/schema';
import { businessToday, companyBenefitInWindow } from '../catalogue/service';
import { issueCode, issuedCodeOf, newCodeRow, type IssueCodeInput, type IssuedCode } from '../codes/issue';
import type { DomainEvent } from '../events/types';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/service';
import { accounts, GuardNotApplied, payLast, walletFor, type Account, type TransferInput } from '../ledger/service';

/** Who approves a request nobody has to look at (part 2 §4: automatic → adminId 'system'). */
const SYSTEM_APPROVER = 'system';

/** A benefit as read in the redemption's transaction: the only source of price and kind of approval. */
type RedeemedBenefit = {
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

function platformBenefitOf(row: typeof platformBenefits.$inferSelect, tookStock: boolean): RedeemedBenefit {
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
 * The employee's two balances, read in the benefit's statement: the answer's header cards. The
 * wallets' ids are the placeholders `jobbyWallet` and `companyWallet` (null without a company: reads null).
 */
function balancesColumns() {
  const balance = (id: string) => sql`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${value(id)})`.mapWith(Number);
  return { jobby: balance('jobbyWallet'), company: balance('companyWallet') };
}

/** The placeholders' values of balancesColumns(). */
function walletIdsOf(actor: Actor) {
  return {
    jobbyWallet: accounts.jobbyWallet(actor.id).id,
    companyWallet: actor.companyId ? accounts.companyWallet(actor.id, actor.companyId).id : null,
  };
}

// The benefit's read, built once (decision 324).
const platformBenefitOnce = builtOnce((db) =>
  db
    .select({ benefit: platformBenefits, balances: balancesColumns() })
    .from(platformBenefits)
    .where(eq(platformBenefits.id, value('benefitId')))
    .prepare('jobby_redeem_platform_benefit'),
);

const companyBenefitOnce = builtOnce((db) =>
  db
    .select({ benefit: companyBenefits, inWindow: sql<boolean>`${companyBenefitInWindow(value('today'))}`, balances: balancesColumns() })
    .from(companyBenefits)
    .where(and(eq(companyBenefits.id, value('benefitId')), eq(companyBenefits.companyId, value('companyId'))))
    .prepare('jobby_redeem_company_benefit'),
);

/** A benefit as read, with the employee's balances and the guard that takes its unit of stock at the end. */
type ReadBenefit = { benefit: RedeemedBenefit; balances: { jobby: number; company: number }; takeStock: SQL | null };

/**
 * Reads a platform benefit and the employee's balances in ONE statement, without locking anything.
 * An unlimited benefit (stock NULL) has no stock to take: no guard, its row is never locked (a lock
 * would queue every redemption of a popular benefit). A limited one gets its conditional UPDATE as
 * the guard that the transaction's last statement runs (payLast).
 *
 * What a plain read allows is an admin's price change or deactivation committing while the
 * redemption runs: the redemption then counts as made just before it, at the price and status the
 * row had when read, as if the employee had pressed a moment earlier — except that a limited
 * benefit's guard re-checks status and stock, so a unit is never taken from a deactivated or sold
 * out benefit. Deleting the row meanwhile is still impossible: the request's foreign key check locks its key.
 * @throws BENEFIT_NOT_FOUND, BENEFIT_UNAVAILABLE (inactive), BENEFIT_OUT_OF_STOCK.
 */
async function readPlatformBenefit(tx: Tx, benefitId: string, actor: Actor): Promise<ReadBenefit> {
  const [row] = await platformBenefitOnce(tx, { benefitId, ...walletIdsOf(actor) });
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  const { benefit } = row;
  if (benefit.status !== 'active') throw new AppError('BENEFIT_UNAVAILABLE');
  if (benefit.stockRemaining !== null && benefit.stockRemaining <= 0) throw new AppError('BENEFIT_OUT_OF_STOCK');
  const limited = benefit.stockRemaining !== null;
  const takeStock = limited
    ? tx
        .update(platformBenefits)
        .set({ stockRemaining: sql`${platformBenefits.stockRemaining} - 1` })
        .where(and(eq(platformBenefits.id, benefitId), eq(platformBenefits.status, 'active'), gt(platformBenefits.stockRemaining, 0)))
        .returning({ id: platformBenefits.id })
        .getSQL()
    : null;
  return {
    benefit: platformBenefitOf(benefit, limited),
    balances: { jobby: row.balances.jobby ?? 0, company: row.balances.company ?? 0 },
    takeStock,
  };
}

/**
 * Reads a company benefit of the employee's own company and the employee's balances in ONE
 * statement, without locking anything; the unit of stock is taken by the guard (active, inside its
 * dates, stock > 0, checked again) as the transaction's last statement.
 * @throws BENEFIT_NOT_FOUND (also another company's benefit), BENEFIT_UNAVAILABLE (inactive or
 * outside its dates), BENEFIT_OUT_OF_STOCK.
 */
async function readCompanyBenefit(tx: Tx, benefitId: string, actor: Actor & { companyId: string }): Promise<ReadBenefit> {
  const today = businessToday();
  const [row] = await companyBenefitOnce(tx, { benefitId, companyId: actor.companyId, today, ...walletIdsOf(actor) });
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  const { benefit } = row;
  if (benefit.status !== 'active' || !row.inWindow) throw new AppError('BENEFIT_UNAVAILABLE');
  if (benefit.availableTokens <= 0) throw new AppError('BENEFIT_OUT_OF_STOCK');
  const ours = and(eq(companyBenefits.id, benefitId), eq(companyBenefits.companyId, actor.companyId));
  return {
    benefit: {
      id: benefit.id,
      title: benefit.title,
      tokenCost: benefit.tokenCost,
      type: null,
      providerUserId: benefit.providerUserId,
      requiresApproval: benefit.requiresApproval,
      tookStock: true,
      limitPerUser: benefit.limitPerUser,
    },
    balances: { jobby: row.balances.jobby ?? 0, company: row.balances.company ?? 0 },
    takeStock: tx
      .update(companyBenefits)
      .set({ availableTokens: sql`${companyBenefits.availableTokens} - 1` })
      .where(and(ours, eq(companyBenefits.status, 'active'), gt(companyBenefits.availableTokens, 0), companyBenefitInWindow(today)))
      .returning({ id: companyBenefits.id })
      .getSQL(),
  };
}

/**
 * Counts one more redemption of a benefit by this employee, only while under its limitPerUser
 * (0 = no limit, platform benefits only): a conditional upsert on the employee's own count row, so two
 * redemptions at once cannot both pass the limit. The count is kept even without a limit, so a
 * limit set later applies to what was already redeemed.
 * @throws ALREADY_REDEEMED.
 */
async function countUserRedemption(tx: Tx, kind: RedeemInput['kind'], benefitId: string, userId: string, limitPerUser: number): Promise<void> {
  const counted = await countStatements[kind][limitPerUser === 0 ? 'unlimited' : 'limited'](tx, { benefitId, userId, limitPerUser });
  if (counted.length === 0) throw new AppError('ALREADY_REDEEMED');
}

/** countUserRedemption's upsert, built once (decision 324) per catalogue, with and without a limit. */
function countStatement(table: typeof platformBenefitUserCounts | typeof companyBenefitUserCounts, limited: boolean) {
  return builtOnce((db) =>
    db
      .insert(table)
      .values({ benefitId: value('benefitId'), userId: value('userId'), count: 1 })
      .onConflictDoUpdate({
        target: [table.benefitId, table.userId],
        set: { count: sql`${table.count} + 1` },
        setWhere: limited ? sql`${table.count} < ${value('limitPerUser')}` : undefined,
      })
      .returning({ count: table.count })
      .prepare(`jobby_redeem_count_${table === platformBenefitUserCounts ? 'platform' : 'company'}_${limited ? 'limited' : 'unlimited'}`),
  );
}

const countStatements = {
  platform: { limited: countStatement(platformBenefitUserCounts, true), unlimited: countStatement(platformBenefitUserCounts, false) },
  company: { limited: countStatement(companyBenefitUserCounts, true), unlimited: countStatement(companyBenefitUserCounts, false) },
};

type NewRedemption = {
  requestId: string;
  redemptionId: string;
  benefit: RedeemedBenefit;
  isPlatform: boolean;
  status: RequestStatus;
  now: Date;
};

/** The benefit as the request and its redemption both name it: one of the two catalogues', at its price then. */
function benefitNamed(benefit: RedeemedBenefit, isPlatform: boolean) {
  return {
    platformBenefitId: isPlatform ? benefit.id : null,
    companyBenefitId: isPlatform ? null : benefit.id,
    benefitName: benefit.title,
    isBenefitJobby: isPlatform,
    tokenCost: benefit.tokenCost,
  };
}

/**
 * Writes the request, the redemption and, when approved at once, the code (returned), in ONE
 * statement (one round trip): the inserts as CTEs, which always run; the foreign keys to the request
 * are checked at the statement's end. Its `request.created` event goes with the payment's (payLast).
 */
async function writeRedemption(tx: Tx, r: NewRedemption, input: RedeemInput, actor: Actor): Promise<IssuedCode | null> {
  const { benefit, isPlatform, now } = r;
  const isApproved = r.status === 'approved';
  const request = tx.$with('request').as(
    tx
      .insert(benefitRequests)
      .values({
        id: r.requestId,
        userId: actor.id,
        companyId: actor.companyId,
        ...benefitNamed(benefit, isPlatform),
        benefitType: benefit.type,
        paidWithTokens: true,
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
      })
      .returning({ id: benefitRequests.id }),
  );
  const redemption = {
    id: r.redemptionId,
    userId: actor.id,
    requestId: r.requestId,
    ...benefitNamed(benefit, isPlatform),
    status: 'redeemed' as const,
    tookStock: benefit.tookStock,
    redemptionDate: now,
    // The spec's redemption carries companyId in the company-token case only (part 1 §3).
    companyId: isPlatform ? null : actor.companyId,
  };
  if (!isApproved) {
    await tx.with(request).insert(redemptions).values(redemption);
    return null;
  }
  const codeInput: IssueCodeInput = {
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
  };
  const code = newCodeRow(codeInput);
  const redeemed = tx.$with('redemption').as(tx.insert(redemptions).values(redemption).returning({ id: redemptions.id }));
  // Only a code collision is retried; a second code for the same request is a bug and must fail.
  const issued = tx.$with('code').as(tx.insert(benefitCodes).values(code).onConflictDoNothing({ target: benefitCodes.code }).returning({ id: benefitCodes.id }));
  const [row] = await tx.with(request, redeemed, issued).select({ id: issued.id }).from(issued);
  // The drawn code already exists (rare: a few in the billions of codes possible): the request is written, so draw again on its own.
  return row ? issuedCodeOf(code, row.id) : issueCode(tx, codeInput);
}

/**
 * The redemption's work inside its transaction (or savepoint, with a key). It locks only rows of
 * this employee — the per-benefit count, the wallet — and leaves `last`: the ONE statement that
 * takes the benefit's unit of stock and credits the shared spend account, run as the transaction's
 * last statement after the stored answer (runIdempotent), so the two rows every redemption of the
 * benefit and of the company queue on are held for that statement and the COMMIT only.
 */
async function redeemInTransaction(tx: Tx, input: RedeemInput, actor: Actor): Promise<{ result: RedemptionResult; last: (tx: Tx) => Promise<void> }> {
  // A deactivated company has ended its agreement: its employees redeem nothing (decision in docs).
  if (actor.status !== 'active' || (actor.companyId && !actor.companyActive)) throw new AppError('REDEEMER_INACTIVE');

  const isPlatform = input.kind === 'platform';
  let read: ReadBenefit;
  let spendAccount: Account;
  if (isPlatform) {
    read = await readPlatformBenefit(tx, input.benefitId, actor);
    spendAccount = accounts.platformSpend(read.benefit.providerUserId);
  } else {
    // Without a company there are no company benefits: the id does not exist for this caller.
    if (!actor.companyId) throw new AppError('BENEFIT_NOT_FOUND');
    read = await readCompanyBenefit(tx, input.benefitId, { ...actor, companyId: actor.companyId });
    spendAccount = accounts.companySpend(actor.companyId);
  }
  const { benefit } = read;
  // The employee's own count row, then the wallet: the lock order at transfer().
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
  const created: DomainEvent = {
    type: 'request.created',
    payload: {
      requestId: redemption.requestId,
      userId: actor.id,
      companyId: actor.companyId,
      providerUserId: benefit.providerUserId,
      status: redemption.status,
      benefitName: benefit.title,
    },
  };
  // The wallet pays first (a refused payment costs no inserts); the rows and both events follow.
  const paid = await payLast(tx, payment, () => writeRedemption(tx, redemption, input, actor), [created]);
  const code = paid.work;

  const after = { ...read.balances };
  after[tokenType] = paid.transfer.balanceAfter;
  return {
    result: {
      requestId: redemption.requestId,
      redemptionId: redemption.redemptionId,
      status: redemption.status,
      tokenType,
      tokenCost: benefit.tokenCost,
      code: code ? { code: code.code, status: code.status, expiresAt: code.expiresAt.toISOString(), usedAt: null } : null,
      balances: after,
    },
    last: (last) => paid.creditAndCommit(last, read.takeStock),
  };
}

/** Runs of a redemption whose last statement found the stock gone, before it gives up (each rereads the benefit first). */
const RUNS = 3;

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
  for (let run = 1; ; run++) {
    let last: ((tx: Tx) => Promise<void>) | null = null;
    try {
      return await runIdempotent(
        db,
        { actorId: actor.id, key: idempotencyKey, operation: 'redemptions.redeem', input },
        async (tx) => {
          const redeemed = await redeemInTransaction(tx, input, actor);
          last = redeemed.last;
          return redeemed.result;
        },
        (tx) => last!(tx),
      );
    } catch (error) {
      // The whole transaction rolled back, stored answer included: the next run rereads the benefit
      // and refuses (sold out, closed) or redeems; the same key waits on nothing left behind.
      // GuardNotApplied: another redemption took the last unit, or an admin closed the benefit, since it was read.
      if (error instanceof GuardNotApplied && run < RUNS) continue;
      if (error instanceof GuardNotApplied) throw new AppError('BENEFIT_OUT_OF_STOCK');
      throw error;
    }
  }
}
