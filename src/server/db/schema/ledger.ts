/** The token ledger (ARCHITECTURE §4): accounts with a cached balance, append-only transfers, idempotency keys. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRANSFER_KINDS } from '#domain/constants';
import { createdAt, updatedAt } from './columns';
import { users } from './auth';
import { companies } from './companies';

/**
 * Accounts: `platform:jobby` and `company:{id}` issue tokens (may go negative by what they issued);
 * `employee:{userId}:jobby` and `employee:{userId}:company:{companyId}` are wallets (never below zero); `provider:{id}` and
 * `company:{id}:spent` receive what is spent.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** 'jobby' or 'company:{companyId}': transfers only move one asset between accounts of that asset. */
    asset: text('asset').notNull(),
    // Restrict, not cascade: deleting a person or a company must never erase money history.
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    tokenType: text('token_type'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One wallet per employee and asset: a company wallet names its company (employee:{uid}:company:{cid}).
    uniqueIndex('ledger_accounts_wallet_key').on(t.ownerUserId, t.asset),
    // HR's token cards sum the company wallets of one company (one asset). Not covering the balance:
    // an index on it would rule out HOT updates on every transfer.
    index('ledger_accounts_asset_idx').on(t.asset),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('issuance', 'wallet', 'provider', 'company_spent')`),
    // The invariant that no race can break: a wallet never goes below zero.
    check('ledger_accounts_balance_check', sql`${t.kind} = 'issuance' or ${t.balance} >= 0`),
    check('ledger_accounts_token_type_check', sql`${t.tokenType} is null or ${t.tokenType} in ('jobby', 'company')`),
  ],
);

/**
 * Append-only: never updated or deleted; a mistake is corrected by a reversing transfer. The database
 * enforces it (triggers of migration ledger_append_only), so no code path or operator slip can rewrite history.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: text('asset').notNull(),
    fromAccount: text('from_account')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccount: text('to_account')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    /** The employee whose wallet this touches, and that wallet's balance around it (the spec's history). */
    walletUserId: text('wallet_user_id').references(() => users.id, { onDelete: 'restrict' }),
    walletCompanyId: uuid('wallet_company_id').references(() => companies.id, { onDelete: 'set null' }),
    tokenType: text('token_type'),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    requestId: uuid('request_id'),
    redemptionId: uuid('redemption_id'),
    benefitId: uuid('benefit_id'),
    reversesTransferId: bigint('reverses_transfer_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transfers_wallet_idx').on(t.walletUserId, t.createdAt),
    // The employee's own wallet (decision 203): one wallet's transfers in the order they
    // changed its balance (the id is drawn under the wallet's lock), a page read backwards and stopped.
    index('ledger_transfers_wallet_seq_idx').on(t.walletUserId, t.tokenType, t.id).where(sql`${t.walletUserId} is not null`),
    // A company's history, newest first (HR's screen, its CSV, its 'used' card): read in index order
    // and stopped after one page; wallet transfers only, which is every transfer with a company.
    index('ledger_transfers_company_history_idx')
      .on(t.walletCompanyId, t.tokenType, t.createdAt, t.id)
      .where(sql`${t.walletUserId} is not null`),
    index('ledger_transfers_from_idx').on(t.fromAccount),
    index('ledger_transfers_to_idx').on(t.toAccount),
    index('ledger_transfers_created_idx').on(t.createdAt),
    // Rejecting a request finds its spend transfer to reverse it without scanning the ledger.
    index('ledger_transfers_request_idx').on(t.requestId, t.kind),
    uniqueIndex('ledger_transfers_reverses_key').on(t.reversesTransferId),
    check('ledger_transfers_amount_check', sql`${t.amount} > 0`),
    check('ledger_transfers_accounts_check', sql`${t.fromAccount} <> ${t.toAccount}`),
    check(
      'ledger_transfers_kind_check',
      sql`${t.kind} in (${sql.raw(TRANSFER_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
  ],
);

/** Stored responses of money-moving POSTs, written in the same transaction as the change. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: text('actor_id').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] })],
);
