/**
 * Redeeming a benefit with tokens (spec part 1 §7 "Token spending for a redemption", spec part 2 §4) and the
 * employee's own request history (spec part 2 §2 "/level3/requests").
 *
 * A redemption is two statements (decision 329): the benefit's read with the employee's balances,
 * then ONE call of jobby_redeem (migration 0029), one transaction that takes its row locks in the
 * ledger's global order (see transfer() in ledger/service.ts): the key, the employee's own rows —
 * the per-benefit count, the wallet — then the request, redemption and code rows, and LAST the two
 * rows that every redemption shares: the benefit's stock (a conditional UPDATE) and the spend
 * account of the company (or provider), held from there to the statement's COMMIT. Everything the
 * price and availability depend on is read from the benefit's row, never from the client; the
 * stock's UPDATE checks status, dates and stock again, and a redemption that finds the stock gone
 * there leaves nothing and runs again (it then refuses as sold out, decision 144). Every value the
 * function writes is built here; it adds only what needs the database (the transfer's id, the balance).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { initialRequestStatus } from '#domain/request-lifecycle';
import type { BenefitType, RequestStatus, TokenType } from '#domain/constants';
import { AppError } from '#domain/errors';
import type { RedeemInput, RedemptionResult } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import { builtOnce, rawBuiltOnce, value } from '../../db/built-once';
import type { Db, Executor } from '../../db/client';
import { sqlDetailOf, sqlStateOf } from '../../db/errors';
import { rowJson } from '../../db/row-json';
import { benefitCodes, benefitRequests, companyBenefits, ledgerAccounts, platformBenefits, redemptions } from '../../db/schema';
import { businessToday, companyBenefitInWindow } from '../catalogue/index';
import { newCodeRow } from '../codes/index';
import { recordingOf } from '../events/index';
import type { DomainEvent } from '../events/index';
import { runClaimingItself, type IdempotentOutcome, type KeyClaim, type StoredKeyRow } from '../idempotency/index';
import { accounts, insufficientTokens, paymentInFunction, walletFor, type Account, type TransferInput } from '../ledger/index';

/** Who approves a request nobody has to look at (spec part 2 §4: automatic → adminId 'system'). */
const SYSTEM_APPROVER = 'system';

/** A benefit as read for the redemption: the only source of price and kind of approval. */
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

function platformBenefitOf(row: ReadPlatformBenefit, tookStock: boolean): RedeemedBenefit {
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

/**
 * The columns a redemption reads of a platform benefit: what it checks and what the request names,
 * never the description or the image (a data: URL can weigh more than everything else together).
 */
const platformBenefitColumns = {
  id: platformBenefits.id,
  title: platformBenefits.title,
  tokenCost: platformBenefits.tokenCost,
  type: platformBenefits.type,
  providerUserId: platformBenefits.providerUserId,
  limitPerUser: platformBenefits.limitPerUser,
  status: platformBenefits.status,
  stockRemaining: platformBenefits.stockRemaining,
};
type ReadPlatformBenefit = Pick<typeof platformBenefits.$inferSelect, keyof typeof platformBenefitColumns>;

/** The same for a company benefit: its checks (status, dates, stock) and what the request names. */
const companyBenefitColumns = {
  id: companyBenefits.id,
  title: companyBenefits.title,
  tokenCost: companyBenefits.tokenCost,
  providerUserId: companyBenefits.providerUserId,
  requiresApproval: companyBenefits.requiresApproval,
  limitPerUser: companyBenefits.limitPerUser,
  status: companyBenefits.status,
  availableTokens: companyBenefits.availableTokens,
  startDate: companyBenefits.startDate,
  endDate: companyBenefits.endDate,
};

// The benefit's read, built once (decision 324).
const platformBenefitOnce = builtOnce((db) =>
  db
    .select({ benefit: platformBenefitColumns, balances: balancesColumns() })
    .from(platformBenefits)
    .where(eq(platformBenefits.id, value('benefitId')))
    .prepare('jobby_redeem_platform_benefit'),
);

const companyBenefitOnce = builtOnce((db) =>
  db
    .select({ benefit: companyBenefitColumns, inWindow: sql<boolean>`${companyBenefitInWindow(value('today'))}`, balances: balancesColumns() })
    .from(companyBenefits)
    .where(and(eq(companyBenefits.id, value('benefitId')), eq(companyBenefits.companyId, value('companyId'))))
    .prepare('jobby_redeem_company_benefit'),
);

/**
 * The benefit's row that jobby_redeem takes its unit of stock from, as its last write: checked again
 * there (active, stock left) and, for a company benefit, with the dates this read found it open on —
 * changed dates since are a benefit that changed since it was read (the window's rule is
 * companyBenefitInWindow, applied to this read). Null: a benefit without stock.
 */
type StockRow = { catalogue: 'platform' | 'company'; benefit_id: string; start_date?: string | null; end_date?: string | null };

/** A benefit as read, with the employee's balances and the row its unit of stock is taken from. */
type ReadBenefit = { benefit: RedeemedBenefit; balances: { jobby: number; company: number }; stock: StockRow | null };

/**
 * Reads a platform benefit and the employee's balances in ONE statement, without locking anything.
 * An unlimited benefit (stock NULL) has no stock to take: its row is never locked (a lock would
 * queue every redemption of a popular benefit).
 *
 * What a plain read allows is an admin's price change or deactivation committing while the
 * redemption runs: the redemption then counts as made just before it, at the price and status the
 * row had when read, as if the employee had pressed a moment earlier — except that a limited
 * benefit's stock is taken only while it is active and has stock left, so a unit is never taken
 * from a deactivated or sold out benefit. Deleting the row meanwhile is still impossible: the
 * request's foreign key check locks its key.
 * @throws BENEFIT_NOT_FOUND, BENEFIT_UNAVAILABLE (inactive), BENEFIT_OUT_OF_STOCK.
 */
async function readPlatformBenefit(db: Executor, benefitId: string, actor: Actor): Promise<ReadBenefit> {
  const [row] = await platformBenefitOnce(db, { benefitId, ...walletIdsOf(actor) });
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  const { benefit } = row;
  if (benefit.status !== 'active') throw new AppError('BENEFIT_UNAVAILABLE');
  if (benefit.stockRemaining !== null && benefit.stockRemaining <= 0) throw new AppError('BENEFIT_OUT_OF_STOCK');
  const limited = benefit.stockRemaining !== null;
  return {
    benefit: platformBenefitOf(benefit, limited),
    balances: { jobby: row.balances.jobby ?? 0, company: row.balances.company ?? 0 },
    stock: limited ? { catalogue: 'platform', benefit_id: benefit.id } : null,
  };
}

/**
 * Reads a company benefit of the employee's own company and the employee's balances in ONE
 * statement, without locking anything; its unit of stock is taken as jobby_redeem's last write.
 * @throws BENEFIT_NOT_FOUND (also another company's benefit), BENEFIT_UNAVAILABLE (inactive or
 * outside its dates), BENEFIT_OUT_OF_STOCK.
 */
async function readCompanyBenefit(db: Executor, benefitId: string, actor: Actor & { companyId: string }): Promise<ReadBenefit> {
  const [row] = await companyBenefitOnce(db, { benefitId, companyId: actor.companyId, today: businessToday(), ...walletIdsOf(actor) });
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  const { benefit } = row;
  if (benefit.status !== 'active' || !row.inWindow) throw new AppError('BENEFIT_UNAVAILABLE');
  if (benefit.availableTokens <= 0) throw new AppError('BENEFIT_OUT_OF_STOCK');
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
    stock: { catalogue: 'company', benefit_id: benefit.id, start_date: benefit.startDate, end_date: benefit.endDate },
  };
}

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

/** The request, the redemption and, when approved at once, the code with a freshly drawn value: the rows jobby_redeem inserts. */
function redemptionRows(r: NewRedemption, input: RedeemInput, actor: Actor) {
  const { benefit, isPlatform, now } = r;
  const isApproved = r.status === 'approved';
  const request = {
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
    // Only a third-party platform benefit's request carries the product the employee wants (spec part 2 §3).
    productLink: isPlatform && benefit.type === 'third_party' ? (input.productLink ?? null) : null,
    userEmail: actor.email,
    userName: actor.name,
    comments: input.comments ?? null,
  };
  const redemption = {
    id: r.redemptionId,
    userId: actor.id,
    requestId: r.requestId,
    ...benefitNamed(benefit, isPlatform),
    status: 'redeemed' as const,
    tookStock: benefit.tookStock,
    redemptionDate: now,
    // The spec's redemption carries companyId in the company-token case only (spec part 1 §3).
    companyId: isPlatform ? null : actor.companyId,
  };
  const code = isApproved
    ? newCodeRow({
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
      })
    : null;
  return { request, redemption, code };
}

/** The redemption's one statement (decision 329): jobby_redeem, migration 0029. */
const redeemOnce = rawBuiltOnce<{ redeemed: { answer: RedemptionResult } | { stored: StoredKeyRow | null } }, { call: string }>(
  'jobby_redeem',
  sql`select jobby_redeem(${value('call')}::jsonb) as redeemed`,
);

/** SQLSTATEs jobby_redeem raises. */
const REFUSED = { limit: 'JBR01', tokens: 'JBR02', codeTaken: 'JBC01', stockGone: 'JBG01' } as const;

/** Runs of a redemption that found the stock gone, or its drawn code taken, before it gives up (each reads the benefit again). */
const RUNS = 3;

/**
 * One run of a redemption: the benefit read, then everything else in ONE statement, jobby_redeem,
 * which claims the key, counts the employee's redemption under its limit, pays, writes the rows and
 * the events, stores the answer, and takes the unit of stock and credits the shared account last
 * (the lock order at transfer() in ledger/service.ts), committing as it ends. Inside a caller's
 * transaction (the demo seed) it runs in a savepoint, so that a refusal leaves that transaction usable.
 */
async function runRedemption(db: Executor, input: RedeemInput, actor: Actor, claim: KeyClaim | null) {
  // A deactivated company has ended its agreement: its employees redeem nothing (decision in docs).
  if (actor.status !== 'active' || (actor.companyId && !actor.companyActive)) throw new AppError('REDEEMER_INACTIVE');
  const isPlatform = input.kind === 'platform';
  let read: ReadBenefit;
  let spendAccount: Account;
  if (isPlatform) {
    read = await readPlatformBenefit(db, input.benefitId, actor);
    spendAccount = accounts.platformSpend(read.benefit.providerUserId);
  } else {
    // Without a company there are no company benefits: the id does not exist for this caller.
    if (!actor.companyId) throw new AppError('BENEFIT_NOT_FOUND');
    read = await readCompanyBenefit(db, input.benefitId, { ...actor, companyId: actor.companyId });
    spendAccount = accounts.companySpend(actor.companyId);
  }
  const { benefit } = read;
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
  const rows = redemptionRows(redemption, input, actor);
  const paid = paymentInFunction(payment);
  const events = [created, paid.moved];
  const recording = recordingOf(events);
  // The wallet's balance after is written by the function at balance_path.
  const answer: RedemptionResult = {
    requestId: redemption.requestId,
    redemptionId: redemption.redemptionId,
    status: redemption.status,
    tokenType,
    tokenCost: benefit.tokenCost,
    code: rows.code ? { code: rows.code.code, status: rows.code.status, expiresAt: rows.code.expiresAt.toISOString(), usedAt: null } : null,
    balances: read.balances,
  };
  const call = {
    key: claim,
    count: { catalogue: input.kind, benefit_id: benefit.id, user_id: actor.id, limit: benefit.limitPerUser },
    payment: paid.payment,
    request: rowJson(benefitRequests, rows.request),
    redemption: rowJson(redemptions, rows.redemption),
    code: rows.code && rowJson(benefitCodes, { ...rows.code, id: randomUUID() }),
    transfer: paid.transfer,
    events: recording.events,
    notices: recording.notices,
    transfer_id_path: [String(events.indexOf(paid.moved)), ...paid.transferIdPath],
    answer,
    balance_path: ['balances', tokenType],
    stock: read.stock,
  };
  try {
    const run = (on: Executor) => redeemOnce(on, { call: JSON.stringify(call) });
    const [{ redeemed }] = db instanceof PgTransaction ? await db.transaction(run) : await run(db);
    return 'stored' in redeemed ? redeemed : { result: redeemed.answer };
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === REFUSED.limit) throw new AppError('ALREADY_REDEEMED');
    if (state === REFUSED.tokens) throw insufficientTokens(payment, Number(sqlDetailOf(error)));
    throw error;
  }
}

/**
 * Redeems a platform benefit with flexible (jobby) tokens or a company benefit with company tokens,
 * in one statement after the benefit's read: stock, per-user limit, payment, request (approved with a
 * code at once, or pending by benefit type) and redemption. With an Idempotency-Key the answer is
 * stored with it, so a retry never pays twice.
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
  return runClaimingItself(db, { actorId: actor.id, key: idempotencyKey, operation: 'redemptions.redeem', input }, async (claim) => {
    for (let run = 1; ; run++) {
      try {
        return await runRedemption(db, input, actor, claim);
      } catch (error) {
        // Nothing of the statement stayed: the next run reads the benefit again and refuses (sold
        // out, closed) or redeems. The stock went, or an admin closed the benefit or changed its
        // dates, since it was read; or the drawn code exists (a few in the billions), drawn again.
        const state = sqlStateOf(error);
        const again = state === REFUSED.stockGone || state === REFUSED.codeTaken;
        if (again && run < RUNS) continue;
        if (state === REFUSED.stockGone) throw new AppError('BENEFIT_OUT_OF_STOCK');
        throw error;
      }
    }
  });
}
