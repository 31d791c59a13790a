/**
 * The token ledger (ARCHITECTURE §4): typed accounts with a cached balance, and append-only
 * transfers that move one asset between two accounts in the caller's transaction.
 * A wallet is debited with one conditional UPDATE, so no race can take it below zero.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { TokenType, TransferKind } from '#domain/constants';
import type { Balances } from '#domain/schemas/me';
import type { Executor } from '../../db/client';
import { rowJson } from '../../db/row-json';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import { recordEvents } from '../events/index';
import type { DomainEvent } from '../events/index';

export type { TransferKind } from '#domain/constants';

export type Account = {
  id: string;
  kind: 'issuance' | 'wallet' | 'provider' | 'company_spent';
  asset: string;
  ownerUserId?: string | null;
  companyId?: string | null;
  tokenType?: TokenType | null;
};

export const PLATFORM_ASSET = 'jobby';
export const companyAsset = (companyId: string) => `company:${companyId}`;

export const accounts = {
  platformIssuance: (): Account => ({ id: 'platform:jobby', kind: 'issuance', asset: PLATFORM_ASSET }),
  companyIssuance: (companyId: string): Account => ({
    id: `company:${companyId}`,
    kind: 'issuance',
    asset: companyAsset(companyId),
    companyId,
  }),
  jobbyWallet: (userId: string): Account => ({
    id: `employee:${userId}:jobby`,
    kind: 'wallet',
    asset: PLATFORM_ASSET,
    ownerUserId: userId,
    tokenType: 'jobby',
  }),
  /**
   * Names its company, so that a person moved to another company gets a new wallet in the new
   * company's asset and never mixes two companies' tokens (decision 45).
   */
  companyWallet: (userId: string, companyId: string): Account => ({
    id: `employee:${userId}:company:${companyId}`,
    kind: 'wallet',
    asset: companyAsset(companyId),
    ownerUserId: userId,
    companyId,
    tokenType: 'company',
  }),
  /** Where flexible tokens go when spent: the linked provider, or the platform when none is linked. */
  platformSpend: (providerUserId: string | null): Account =>
    providerUserId
      ? { id: `provider:${providerUserId}`, kind: 'provider', asset: PLATFORM_ASSET, ownerUserId: null }
      : { id: 'platform:spent', kind: 'provider', asset: PLATFORM_ASSET },
  companySpend: (companyId: string): Account => ({
    id: `company:${companyId}:spent`,
    kind: 'company_spent',
    asset: companyAsset(companyId),
    companyId,
  }),
};

export type WalletRef = { userId: string; companyId: string | null; tokenType: TokenType };

/**
 * The employee wallet that holds a token type, with the history reference every transfer on it
 * carries. Company tokens exist only inside a company.
 * @throws NO_COMPANY_ASSIGNED for company tokens of a user without a company.
 */
export function walletFor(tokenType: TokenType, owner: { userId: string; companyId: string | null }): { account: Account; wallet: WalletRef } {
  const wallet: WalletRef = { userId: owner.userId, companyId: owner.companyId, tokenType };
  if (tokenType === 'jobby') return { account: accounts.jobbyWallet(owner.userId), wallet };
  if (!owner.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return { account: accounts.companyWallet(owner.userId, owner.companyId), wallet };
}

export type TransferInput = {
  from: Account;
  to: Account;
  amount: number;
  kind: TransferKind;
  reason?: string | null;
  actor?: { id: string; name: string } | null;
  /** The employee wallet this transfer belongs to in the spec's history (from or to). */
  wallet: WalletRef;
  requestId?: string | null;
  redemptionId?: string | null;
  benefitId?: string | null;
  reversesTransferId?: number | null;
  /** The error to throw when the debited wallet holds too little (it gets what was needed and held). */
  insufficient?: (shortfall: { needed: number; held: number }) => AppError;
};

export type TransferResult = { transferId: number; balanceBefore: number; balanceAfter: number };

/** Wallets first, shared accounts after; by id within each (deterministic for equal ranks). */
function lockOrder(a: Account, b: Account): number {
  const rank = (account: Account) => (account.kind === 'wallet' ? 0 : 1);
  return rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Adds `delta` to one account in ONE statement and returns the balance after, or null when a
 * debit is refused. A credit, and an issuance account's debit (it may go negative), is an upsert
 * that also opens the account on first use; any other debit is the conditional UPDATE that keeps
 * it from going below zero (an account not opened yet holds nothing to take).
 */
async function move(db: Executor, account: Account, delta: number): Promise<number | null> {
  const balance = sql`${ledgerAccounts.balance} + ${delta}`;
  if (delta < 0 && account.kind !== 'issuance') {
    const [row] = await db
      .update(ledgerAccounts)
      .set({ balance, updatedAt: new Date() })
      .where(and(eq(ledgerAccounts.id, account.id), sql`${ledgerAccounts.balance} >= ${-delta}`))
      .returning({ balance: ledgerAccounts.balance });
    return row?.balance ?? null;
  }
  const [row] = await db
    .insert(ledgerAccounts)
    .values(accountRow(account, delta))
    .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance, updatedAt: new Date() } })
    .returning({ balance: ledgerAccounts.balance });
  return row.balance;
}

async function readBalance(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0;
}

/** The refusal of a debit: the caller's `insufficient()`, or INSUFFICIENT_JOBBY_TOKENS / _COMPANY_. */
async function refusal(db: Executor, input: TransferInput, account: Account): Promise<AppError> {
  return insufficientTokens(input, await readBalance(db, account.id));
}

/** The refusal of `input`'s debit from a wallet that holds `held`: the caller's `insufficient()`, or INSUFFICIENT_JOBBY_TOKENS / _COMPANY_. */
export function insufficientTokens(input: TransferInput, held: number): AppError {
  const params = { needed: input.amount, held };
  return (
    input.insufficient?.(params) ??
    new AppError(input.wallet.tokenType === 'jobby' ? 'INSUFFICIENT_JOBBY_TOKENS' : 'INSUFFICIENT_COMPANY_TOKENS', params)
  );
}

/** The employee wallet side of a transfer (every transfer moves tokens in or out of one). */
function walletSide(input: TransferInput): Account {
  if (input.from.kind === 'wallet') return input.from;
  if (input.to.kind === 'wallet') return input.to;
  throw new Error(`transfer without an employee wallet: ${input.from.id} → ${input.to.id}`);
}

/**
 * Moves each input's amount and appends its transfer, inside `db` (a transaction), in the lock
 * order of transfer(): the wallets one by one (each transfer's balance before and after is its wallet's),
 * then `beforeShared`, then each shared account ONCE with the sum of its movements, then one
 * INSERT of every transfer row (after the accounts, which their foreign keys need).
 */
async function moveAll<T>(db: Executor, inputs: readonly TransferInput[], beforeShared: () => Promise<T>): Promise<{ results: TransferResult[]; work: T }> {
  for (const input of inputs) {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError('INVALID_TOKEN_QUANTITY');
    if (input.from.asset !== input.to.asset) throw new Error(`asset mismatch ${input.from.asset} → ${input.to.asset}`);
  }
  const legs = inputs.flatMap((input) => [
    { input, account: input.from, delta: -input.amount },
    { input, account: input.to, delta: input.amount },
  ]);
  const walletLegs = legs.filter((leg) => leg.account === walletSide(leg.input)).sort((a, b) => lockOrder(a.account, b.account));
  const sharedLegs = new Map<string, { input: TransferInput; account: Account; delta: number }>();
  for (const leg of legs) {
    if (leg.account === walletSide(leg.input)) continue;
    const same = sharedLegs.get(leg.account.id);
    sharedLegs.set(leg.account.id, same ? { ...same, delta: same.delta + leg.delta } : leg);
  }

  const walletAfter = new Map<TransferInput, number>();
  for (const { input, account, delta } of walletLegs) {
    const after = await move(db, account, delta);
    if (after === null) throw await refusal(db, input, account);
    walletAfter.set(input, after);
  }
  const work = await beforeShared();
  for (const { input, account, delta } of [...sharedLegs.values()].sort((a, b) => lockOrder(a.account, b.account))) {
    if ((await move(db, account, delta)) === null) throw await refusal(db, input, account);
  }

  const results = inputs.map((input) => balancesOf(input, walletAfter.get(input) ?? 0));
  return { results: await appendTransfers(db, inputs, results), work };
}

/** A transfer's wallet balance before and after, from the wallet's balance after the move. */
function balancesOf(input: TransferInput, after: number): { balanceBefore: number; balanceAfter: number } {
  return { balanceBefore: walletSide(input) === input.from ? after + input.amount : after - input.amount, balanceAfter: after };
}

/** The row of an account as the ledger opens it, with its balance (also the legacy import's bulk opening). */
export function accountRow(account: Account, balance: number) {
  return {
    id: account.id,
    kind: account.kind,
    asset: account.asset,
    ownerUserId: account.ownerUserId ?? null,
    companyId: account.companyId ?? null,
    tokenType: account.tokenType ?? null,
    balance,
  };
}

/**
 * The row of one transfer as the ledger stores it, with the wallet's balance before and after: the
 * ledger's own appends and the legacy import's bulk replay (which adds the original date) write it.
 */
export function transferRow(input: TransferInput, balances: { balanceBefore: number; balanceAfter: number }) {
  return {
    asset: input.from.asset,
    fromAccount: input.from.id,
    toAccount: input.to.id,
    amount: input.amount,
    kind: input.kind,
    reason: input.reason ?? null,
    actorId: input.actor?.id ?? null,
    actorName: input.actor?.name ?? null,
    walletUserId: input.wallet.userId,
    walletCompanyId: input.wallet.companyId,
    tokenType: input.wallet.tokenType,
    balanceBefore: balances.balanceBefore,
    balanceAfter: balances.balanceAfter,
    requestId: input.requestId ?? null,
    redemptionId: input.redemptionId ?? null,
    benefitId: input.benefitId ?? null,
    reversesTransferId: input.reversesTransferId ?? null,
  };
}

/**
 * Appends the transfer rows (one INSERT) and their `tokens.moved` event, with `alsoRecord` — the
 * caller's own events of the same change — in the same outbox statement.
 */
async function appendTransfers(
  db: Executor,
  inputs: readonly TransferInput[],
  results: readonly { balanceBefore: number; balanceAfter: number }[],
  alsoRecord: readonly DomainEvent[] = [],
): Promise<TransferResult[]> {
  const rows = await db
    .insert(ledgerTransfers)
    .values(
      inputs.map((input, i) => transferRow(input, results[i])),
    )
    .returning({ id: ledgerTransfers.id });
  // The ids come from one sequence, drawn row by row in VALUES order: ascending is input order.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  // The outbox hook of every balance change, in the same transaction.
  await recordEvents(db, [...alsoRecord, tokensMoved(inputs, ids)]);
  return results.map((result, i) => ({ transferId: ids[i], ...result }));
}

/** The `tokens.moved` event of these transfers (ids in input order): the outbox hook of every balance change. */
function tokensMoved(inputs: readonly TransferInput[], ids: readonly number[]): DomainEvent {
  return {
    type: 'tokens.moved',
    payload: {
      transfers: inputs.map((input, i) => ({
        transferId: ids[i],
        kind: input.kind,
        userId: input.wallet.userId,
        companyId: input.wallet.companyId,
        tokenType: input.wallet.tokenType,
        delta: walletSide(input) === input.to ? input.amount : -input.amount,
        reason: input.reason ?? null,
      })),
    },
  };
}

const nothing = async () => undefined;

/**
 * Moves `amount` from one account to another and appends the transfer, inside `db` (a
 * transaction). A debit is conditional (`balance >= amount`) unless the account is an issuance
 * account; the wallet side moves first, the shared side (issuance, provider, company spend) last.
 *
 * Lock order, so that no two transactions deadlock: every transaction that moves tokens locks its
 * rows in ONE global order, the rows many transactions share last —
 *   idempotency key → request and redemption rows (approve, reject) → the employee's per-benefit
 *   count row → employee wallets (by id) → a benefit's stock row → shared accounts (issuance,
 *   provider, company spend; by id).
 * Each transaction then only waits for rows that come after all it holds, so waits cannot form a
 * cycle. The rows every transaction of a kind queues on — a popular benefit's stock, the company's
 * spend account — come last: a redemption takes both as the last two writes of its one statement,
 * jobby_redeem, which commits as it ends (decisions 144, 329), so it holds them for those two
 * writes and the commit only:
 * - redeem vs redeem: two employees share no row until the last statement, which takes the stock
 *   and then the spend account, the same order in both; one employee's redemptions of different
 *   benefits meet at the count row (same benefit) or the wallet, before anything shared;
 * - redeem vs reject: the reject's request and redemption rows are ones no redemption locks; then
 *   count → wallet (the refund) → stock (the unit back, transferAround's beforeShared) → spend
 *   account, the redemption's own order;
 * - redeem vs a grant or removal for the same employee: both take the wallet first; the grant then
 *   wants the issuance account, which no redemption takes;
 * - bulk assignment vs any of them, or vs another bulk assignment: transferAll locks all its
 *   wallets by id, then the issuance account once;
 * - an admin's edit of a benefit locks its one row and nothing else.
 * Before decision 144 the order took the stock row FIRST, so every redemption of one benefit held
 * it across ~15 round trips and the commit: throughput was one redemption per hold time.
 * @throws the `insufficient()` error (default INSUFFICIENT_JOBBY_TOKENS / _COMPANY_) when the wallet holds too little.
 */
export async function transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
  return (await moveAll(db, [input], nothing)).results[0];
}

/**
 * As transfer(), running `beforeShared` once the wallet side has moved and before the shared
 * account is touched, and returning what it returns: the caller's own writes that need the
 * payment (a refused payment costs no inserts), made while the row every transfer of that
 * account queues on is not locked yet. Throws as transfer() and as `beforeShared`.
 */
export async function transferAround<T>(db: Executor, input: TransferInput, beforeShared: () => Promise<T>): Promise<{ transfer: TransferResult; work: T }> {
  const { results, work } = await moveAll(db, [input], beforeShared);
  return { transfer: results[0], work };
}

/**
 * What the redemption's function (jobby_redeem, migration 0029, decision 329) needs to pay `input`
 * out of an employee wallet into its shared account (provider or company spend). The function
 * debits the wallet and credits the shared account in the lock order of transfer(), the shared one
 * LAST, and writes what only it knows: the transfer's id and the wallet's balances, into the
 * transfer row and into the `tokens.moved` event at `transferIdPath`.
 */
export function paymentInFunction(input: TransferInput) {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError('INVALID_TOKEN_QUANTITY');
  if (input.from.asset !== input.to.asset) throw new Error(`asset mismatch ${input.from.asset} → ${input.to.asset}`);
  if (input.from.kind !== 'wallet' || input.to.kind === 'wallet') throw new Error(`a payment goes from a wallet to a shared account: ${input.from.id} → ${input.to.id}`);
  return {
    payment: { wallet_id: input.from.id, amount: input.amount, shared: rowJson(ledgerAccounts, accountRow(input.to, 0)) },
    transfer: rowJson(ledgerTransfers, transferRow(input, { balanceBefore: 0, balanceAfter: 0 })),
    moved: tokensMoved([input], [0]),
    transferIdPath: ['payload', 'transfers', '0', 'transferId'],
  };
}

/**
 * Several transfers in one transaction without breaking the lock order (a bulk assignment): every
 * wallet in id order, then each shared account once with the total. Results in input order. The
 * rows go in one INSERT, so at most ~3,600 transfers per call (PostgreSQL's 65,535 parameters;
 * a bulk assignment takes at most 1,000 ids).
 * Throws as transfer(), for the first refused debit (the caller's transaction must then roll back, as after transfer()).
 */
export async function transferAll(db: Executor, inputs: readonly TransferInput[]): Promise<TransferResult[]> {
  if (inputs.length === 0) return [];
  return (await moveAll(db, inputs, nothing)).results;
}

/**
 * An employee's two wallets (the header cards 'Flexibles' and 'Empresa'): the flexible one and the
 * one of its current company; missing wallets read as 0. Two primary-key lookups.
 */
export async function getWalletBalances(db: Executor, owner: { userId: string; companyId: string | null }): Promise<Balances> {
  const jobbyId = accounts.jobbyWallet(owner.userId).id;
  const companyId = owner.companyId ? accounts.companyWallet(owner.userId, owner.companyId).id : null;
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, updatedAt: ledgerAccounts.updatedAt })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, companyId ? [jobbyId, companyId] : [jobbyId]));
  const jobby = rows.find((r) => r.id === jobbyId);
  const company = rows.find((r) => r.id === companyId);
  const last = rows.reduce<Date | null>((acc, r) => (acc && acc > r.updatedAt ? acc : r.updatedAt), null);
  return { jobby: jobby?.balance ?? 0, company: company?.balance ?? 0, lastUpdated: last ? last.toISOString() : null };
}

/** A transfer as the ledger stored it. */
export type StoredTransfer = typeof ledgerTransfers.$inferSelect;

/**
 * The transfer `id` on an employee wallet, locked until the caller's transaction ends, and the id of
 * the transfer that already reverses it (null when none), read once the lock is held: two reversals
 * of one grant queue on its row, and the second sees the first's reversal (decision 359).
 * Lock order (transfer()): the grant's row comes first, as a request's row does, before any wallet.
 * Null when there is no such transfer.
 */
export async function lockTransferForReversal(db: Executor, id: number): Promise<{ transfer: StoredTransfer; reversedBy: number | null } | null> {
  const [transferRow] = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.id, id), sql`${ledgerTransfers.walletUserId} is not null`))
    .for('update');
  if (!transferRow) return null;
  const [reversal] = await db.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.reversesTransferId, id));
  return { transfer: transferRow, reversedBy: reversal?.id ?? null };
}

/**
 * Takes a grant back (decision 359): a 'revoke' transfer from the employee's wallet to
 * the issuance account the grant came from, of the grant's whole amount, naming it in
 * reverses_transfer_id (whose unique index allows one reversal per grant). Never an edit: the grant's
 * row stays as it was. The wallet's conditional debit refuses a reversal of more than it holds.
 * Lock the grant first (lockTransferForReversal). Throws as transfer(), with `insufficient` when the
 * wallet holds less than the grant.
 */
export async function reverseGrant(
  db: Executor,
  grant: StoredTransfer,
  details: Pick<TransferInput, 'reason' | 'actor' | 'insufficient'>,
): Promise<TransferResult> {
  if (grant.kind !== 'grant' || !grant.walletUserId) throw new Error(`transfer ${grant.id} is not a grant to a wallet`);
  const tokenType: TokenType = grant.tokenType === 'company' ? 'company' : 'jobby';
  const { account, wallet } = walletFor(tokenType, { userId: grant.walletUserId, companyId: grant.walletCompanyId });
  const issuance = tokenType === 'jobby' ? accounts.platformIssuance() : accounts.companyIssuance(grant.walletCompanyId as string);
  if (account.id !== grant.toAccount || issuance.id !== grant.fromAccount) throw new Error(`grant ${grant.id} does not go from its issuance to its wallet`);
  return transfer(db, { from: account, to: issuance, amount: grant.amount, kind: 'revoke', wallet, reversesTransferId: grant.id, ...details });
}
