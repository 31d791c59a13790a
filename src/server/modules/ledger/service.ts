/**
 * The token ledger (ARCHITECTURE §4): typed accounts with a cached balance, and append-only
 * transfers that move one asset between two accounts in the caller's transaction.
 * A wallet is debited with one conditional UPDATE, so no race can take it below zero.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { TokenType } from '../../../domain/constants';
import type { Balances } from '../../../domain/schemas/me';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';

export type TransferKind = 'grant' | 'revoke' | 'spend' | 'refund' | 'reward' | 'import';

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
  companyWallet: (userId: string, companyId: string): Account => ({
    id: `employee:${userId}:company`,
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

export type TransferInput = {
  from: Account;
  to: Account;
  amount: number;
  kind: TransferKind;
  reason?: string | null;
  actor?: { id: string; name: string } | null;
  /** The employee wallet this transfer belongs to in the spec's history (from or to). */
  wallet: { userId: string; companyId: string | null; tokenType: TokenType };
  requestId?: string | null;
  redemptionId?: string | null;
  benefitId?: string | null;
  codeId?: string | null;
  reversesTransferId?: number | null;
  /** The error to throw when the debited wallet holds too little. */
  insufficient?: () => AppError;
};

export type TransferResult = { transferId: number; balanceBefore: number; balanceAfter: number };

async function ensureAccount(db: Executor, account: Account) {
  await db
    .insert(ledgerAccounts)
    .values({
      id: account.id,
      kind: account.kind,
      asset: account.asset,
      ownerUserId: account.ownerUserId ?? null,
      companyId: account.companyId ?? null,
      tokenType: account.tokenType ?? null,
    })
    .onConflictDoNothing();
}

async function readBalance(db: Executor, accountId: string): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0;
}

/**
 * Moves `amount` from one account to another and appends the transfer, inside `db` (a transaction).
 * Both rows are updated in id order so that opposite transfers cannot deadlock; the debit is
 * conditional (`balance >= amount` unless the account is an issuance account).
 * @throws the `insufficient()` error (default INSUFFICIENT_JOBBY_TOKENS / _COMPANY_) when the wallet holds too little.
 */
export async function transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new AppError('INVALID_TOKEN_QUANTITY');
  if (input.from.asset !== input.to.asset) throw new Error(`asset mismatch ${input.from.asset} → ${input.to.asset}`);
  await ensureAccount(db, input.from);
  await ensureAccount(db, input.to);

  const after = new Map<string, number>();
  const ordered = [input.from, input.to].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const account of ordered) {
    const isDebit = account.id === input.from.id;
    const delta = isDebit ? -input.amount : input.amount;
    const rows = await db
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta}`, updatedAt: new Date() })
      .where(
        isDebit && account.kind !== 'issuance'
          ? and(eq(ledgerAccounts.id, account.id), sql`${ledgerAccounts.balance} >= ${input.amount}`)
          : eq(ledgerAccounts.id, account.id),
      )
      .returning({ balance: ledgerAccounts.balance });
    if (rows.length === 0) {
      const held = await readBalance(db, account.id);
      const params = { needed: input.amount, held };
      throw input.insufficient?.() ??
        new AppError(input.wallet.tokenType === 'jobby' ? 'INSUFFICIENT_JOBBY_TOKENS' : 'INSUFFICIENT_COMPANY_TOKENS', params);
    }
    after.set(account.id, rows[0].balance);
  }

  const walletAccount = input.from.kind === 'wallet' ? input.from : input.to;
  const walletAfter = after.get(walletAccount.id) ?? 0;
  const walletBefore = walletAccount === input.from ? walletAfter + input.amount : walletAfter - input.amount;
  const [row] = await db
    .insert(ledgerTransfers)
    .values({
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
      balanceBefore: walletBefore,
      balanceAfter: walletAfter,
      requestId: input.requestId ?? null,
      redemptionId: input.redemptionId ?? null,
      benefitId: input.benefitId ?? null,
      codeId: input.codeId ?? null,
      reversesTransferId: input.reversesTransferId ?? null,
    })
    .returning({ id: ledgerTransfers.id });
  return { transferId: row.id, balanceBefore: walletBefore, balanceAfter: walletAfter };
}

/** An employee's two wallets (the header cards 'Flexibles' and 'Empresa'); missing wallets read as 0. */
export async function getWalletBalances(db: Executor, userId: string): Promise<Balances> {
  const rows = await db
    .select({ tokenType: ledgerAccounts.tokenType, balance: ledgerAccounts.balance, updatedAt: ledgerAccounts.updatedAt })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), eq(ledgerAccounts.kind, 'wallet')));
  const jobby = rows.find((r) => r.tokenType === 'jobby');
  const company = rows.find((r) => r.tokenType === 'company');
  const last = rows.reduce<Date | null>((acc, r) => (acc && acc > r.updatedAt ? acc : r.updatedAt), null);
  return { jobby: jobby?.balance ?? 0, company: company?.balance ?? 0, lastUpdated: last ? last.toISOString() : null };
}
