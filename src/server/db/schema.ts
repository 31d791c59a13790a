/**
 * The whole data model (spec part 1 §3 and part 2 §3), for PGlite and PostgreSQL alike.
 * Money-like values are integers; balances live in the ledger (ARCHITECTURE §4).
 * The first five tables are better-auth's (user, session, account, verification, rate limit),
 * with our user fields added to its user table so that a user is one row.
 */
import { sql } from 'drizzle-orm';
import { TRANSFER_KINDS } from '../../domain/constants';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// ───────────────────────────── companies ─────────────────────────────

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * The company's email domain (`andes.cl`), the HR admin's. An employee joins a company only by a
     * full, case-insensitive match of this domain (never by the first label of an address).
     */
    emailDomain: text('email_domain'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    maxUsers: integer('max_users').notNull().default(10),
    status: text('status').notNull().default('active'),
    botEnabled: boolean('bot_enabled').notNull().default(false),
    botEnabledAt: ts('bot_enabled_at'),
    /** whatsappNumber, analysisFrequency, stressKeywords, wellbeingIndicators (part 2 §3 "Bot config"). */
    botConfig: jsonb('bot_config').$type<BotConfig>(),
    botInstructions: text('bot_instructions'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Company names are matched case-insensitively (part 1 §3).
    uniqueIndex('companies_name_lower_key').on(sql`lower(${t.name})`),
    uniqueIndex('companies_email_domain_lower_key').on(sql`lower(${t.emailDomain})`),
    check('companies_max_users_check', sql`${t.maxUsers} >= 1`),
    check('companies_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export type BotConfig = {
  whatsappNumber?: string;
  analysisFrequency?: 'daily' | 'weekly' | 'biweekly' | 'monthly';
  stressKeywords?: string[];
  wellbeingIndicators?: string[];
};

// ───────────────────────────── better-auth ─────────────────────────────

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** The spec's displayName. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Null until the first sign-in derives it from the email (part 1 §4, §6). */
    level: smallint('level'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    userType: text('user_type').notNull().default('A'),
    status: text('status').notNull().default('active'),
    themePreference: text('theme_preference').notNull().default('light'),
    themeUpdatedAt: ts('theme_updated_at'),
    phone: text('phone'),
    department: text('department'),
    // Survey fields (part 1 §3, part 2 §3)
    surveyCompleted: boolean('survey_completed').notNull().default(false),
    surveyCompletedAt: ts('survey_completed_at'),
    surveyUpdatedAt: ts('survey_updated_at'),
    surveyType: text('survey_type'),
    benefitPreferences: text('benefit_preferences').array(),
    generationalMemory: text('generational_memory'),
    satisfactionLevel: text('satisfaction_level'),
    // Provider-user fields (part 1 §3)
    providerCategory: text('provider_category'),
    providerDescription: text('provider_description'),
    contactPhone: text('contact_phone'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The HR employee list pages newest first along this index and counts with it.
    index('users_company_level_idx').on(t.companyId, t.level, t.createdAt),
    // The same for the platform admin's list of every employee (and level 4's provider options).
    index('users_level_created_idx').on(t.level, t.createdAt),
    check('users_level_check', sql`${t.level} is null or ${t.level} between 1 and 4`),
    check('users_user_type_check', sql`${t.userType} in ('A', 'B')`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_theme_check', sql`${t.themePreference} in ('light', 'dark')`),
    check('users_survey_type_check', sql`${t.surveyType} is null or ${t.surveyType} in ('A', 'B')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's limiter store, in the database so that it holds across server copies. */
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('auth_rate_limits_key').on(t.key)],
);

/** Our own fixed-window counters (provider code verification), shared by all server copies. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The development outbox: every mail sent without SMTP_URL, so that a developer (and the browser
 * journeys) can open the verification and reset links. Never written when SMTP is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

// ───────────────────────────── benefits ─────────────────────────────

export const platformBenefits = pgTable(
  'platform_benefits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    value: text('value'),
    /** Free-text provider name shown on cards (part 1 §3). */
    providerName: text('provider_name'),
    /** The provider user who fulfils it; only that provider may verify its codes. */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category'),
    image: text('image'),
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    tokenCost: integer('token_cost').notNull().default(1),
    /** Null means unlimited, so a stock counted down to 0 is "sold out", never "unlimited". */
    stockRemaining: integer('stock_remaining'),
    status: text('status').notNull().default('active'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('platform_benefits_status_idx').on(t.status, t.createdAt),
    // Deleting a provider user sets its benefits' link to null: without this index, a scan of the table.
    index('platform_benefits_provider_idx').on(t.providerUserId),
    check('platform_benefits_type_check', sql`${t.type} in ('automatic', 'managed', 'third_party')`),
    check('platform_benefits_cost_check', sql`${t.tokenCost} >= 1`),
    check('platform_benefits_stock_check', sql`${t.stockRemaining} is null or ${t.stockRemaining} >= 0`),
    check('platform_benefits_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const companyBenefits = pgTable(
  'company_benefits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category'),
    image: text('image'),
    tokenCost: integer('token_cost').notNull().default(1),
    /** How many more times it can be redeemed in all (the spec's availableTokens). */
    availableTokens: integer('available_tokens').notNull().default(10),
    limitPerUser: integer('limit_per_user').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** The provider user who fulfils it (issue 6); then only that provider may redeem its codes. */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('company_benefits_company_idx').on(t.companyId, t.status, t.createdAt),
    index('company_benefits_provider_idx').on(t.providerUserId),
    check('company_benefits_cost_check', sql`${t.tokenCost} >= 1`),
    check('company_benefits_available_check', sql`${t.availableTokens} >= 0`),
    check('company_benefits_limit_check', sql`${t.limitPerUser} >= 1`),
    check('company_benefits_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('company_benefits_dates_check', sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`),
  ],
);

/** How many times a user has redeemed a company benefit: the per-user limit is a conditional upsert here. */
export const companyBenefitUserCounts = pgTable(
  'company_benefit_user_counts',
  {
    benefitId: uuid('benefit_id')
      .notNull()
      .references(() => companyBenefits.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.benefitId, t.userId] }),
    index('company_benefit_user_counts_user_idx').on(t.userId),
    check('company_benefit_user_counts_check', sql`${t.count} >= 0`),
  ],
);

// ───────────────────────────── requests, codes, redemptions ─────────────────────────────

export const benefitRequests = pgTable(
  'benefit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's company; set for company benefits and kept for platform ones to scope HR views. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    platformBenefitId: uuid('platform_benefit_id').references(() => platformBenefits.id),
    companyBenefitId: uuid('company_benefit_id').references(() => companyBenefits.id),
    benefitName: text('benefit_name').notNull(),
    benefitType: text('benefit_type'),
    isBenefitJobby: boolean('is_benefit_jobby').notNull(),
    paidWithTokens: boolean('paid_with_tokens').notNull().default(true),
    tokenCost: integer('token_cost').notNull(),
    status: text('status').notNull(),
    requestDate: ts('request_date').notNull().defaultNow(),
    processedDate: ts('processed_date'),
    /**
     * The provider that was paid (the spend account's owner), fixed at redemption: its lane, its
     * approve/reject and the code's scope read it here, so moving the benefit to another provider
     * affects future redemptions only. Null: no provider fulfils it.
     */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who processed it: a user id, or 'system' for automatic approval (part 2 §4). */
    adminId: text('admin_id'),
    /** What the approver tells the employee to do (part 1 §5); given on approval only. */
    adminInstructions: text('admin_instructions'),
    /** Why it was rejected, when the processor said so. */
    decisionNote: text('decision_note'),
    productLink: text('product_link'),
    userEmail: text('user_email'),
    userName: text('user_name'),
    comments: text('comments'),
  },
  (t) => [
    index('benefit_requests_user_idx').on(t.userId, t.requestDate),
    index('benefit_requests_company_idx').on(t.companyId, t.status, t.requestDate),
    index('benefit_requests_status_idx').on(t.status, t.requestDate),
    index('benefit_requests_platform_benefit_idx').on(t.platformBenefitId),
    index('benefit_requests_company_benefit_idx').on(t.companyBenefitId),
    index('benefit_requests_provider_idx').on(t.providerUserId, t.status, t.requestDate),
    check(
      'benefit_requests_one_benefit_check',
      sql`(${t.platformBenefitId} is null) <> (${t.companyBenefitId} is null)`,
    ),
    check(
      'benefit_requests_status_check',
      sql`${t.status} in ('pending', 'pending_provider_approval', 'pending_admin_approval', 'approved', 'rejected')`,
    ),
    check('benefit_requests_cost_check', sql`${t.tokenCost} >= 0`),
  ],
);

/** The spec's "benefit tokens": an 8-character code per approved request. */
export const benefitCodes = pgTable(
  'benefit_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => benefitRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    createdBy: text('created_by'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    platformBenefitId: uuid('platform_benefit_id').references(() => platformBenefits.id),
    companyBenefitId: uuid('company_benefit_id').references(() => companyBenefits.id),
    /** When set, only this provider may redeem the code (a platform benefit linked to a provider). */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    benefitName: text('benefit_name').notNull(),
    benefitType: text('benefit_type'),
    isBenefitJobby: boolean('is_benefit_jobby').notNull(),
    adminInstructions: text('admin_instructions'),
    usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('benefit_codes_code_key').on(t.code),
    // Every approved request has exactly one code.
    uniqueIndex('benefit_codes_request_key').on(t.requestId),
    index('benefit_codes_used_by_idx').on(t.usedBy, t.usedAt),
    index('benefit_codes_user_idx').on(t.userId, t.status, t.createdAt),
    index('benefit_codes_used_at_idx').on(t.usedAt),
    check('benefit_codes_status_check', sql`${t.status} in ('active', 'used')`),
    check('benefit_codes_code_check', sql`${t.code} ~ '^[A-Z0-9]{8}$'`),
    check(
      'benefit_codes_used_check',
      sql`(${t.status} = 'used') = (${t.usedAt} is not null)`,
    ),
  ],
);

export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => benefitRequests.id, { onDelete: 'cascade' }),
    platformBenefitId: uuid('platform_benefit_id').references(() => platformBenefits.id),
    companyBenefitId: uuid('company_benefit_id').references(() => companyBenefits.id),
    benefitName: text('benefit_name').notNull(),
    isBenefitJobby: boolean('is_benefit_jobby').notNull(),
    tokenCost: integer('token_cost').notNull(),
    status: text('status').notNull().default('redeemed'),
    /** Whether it took a unit of stock (an unlimited benefit has none): a rejection gives back exactly that. */
    tookStock: boolean('took_stock').notNull(),
    redemptionDate: ts('redemption_date').notNull().defaultNow(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('redemptions_request_key').on(t.requestId),
    index('redemptions_user_idx').on(t.userId, t.redemptionDate),
    check('redemptions_status_check', sql`${t.status} in ('redeemed', 'refunded')`),
  ],
);

// ───────────────────────────── ledger (ARCHITECTURE §4) ─────────────────────────────

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
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    tokenType: text('token_type'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One wallet per employee and asset: a company wallet names its company (employee:{uid}:company:{cid}).
    uniqueIndex('ledger_accounts_wallet_key').on(t.ownerUserId, t.asset),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('issuance', 'wallet', 'provider', 'company_spent')`),
    // The invariant that no race can break: a wallet never goes below zero.
    check('ledger_accounts_balance_check', sql`${t.kind} = 'issuance' or ${t.balance} >= 0`),
    check('ledger_accounts_token_type_check', sql`${t.tokenType} is null or ${t.tokenType} in ('jobby', 'company')`),
  ],
);

/** Append-only: never updated or deleted; a mistake is corrected by a reversing transfer. */
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
    walletUserId: text('wallet_user_id').references(() => users.id, { onDelete: 'cascade' }),
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
    index('ledger_transfers_company_idx').on(t.walletCompanyId, t.createdAt),
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

// ───────────────────────────── achievements ─────────────────────────────

export const achievementRules = pgTable(
  'achievement_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    conditionType: text('condition_type').notNull(),
    conditionValue: integer('condition_value'),
    conditionMinUsers: integer('condition_min_users'),
    rewardTokens: integer('reward_tokens').notNull().default(5),
    status: text('status').notNull().default('active'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('achievement_rules_status_idx').on(t.status),
    check(
      'achievement_rules_condition_check',
      sql`${t.conditionType} in ('same_provider_timeframe', 'tokens_used_count', 'consecutive_days', 'first_company_user', 'weekend_usage')`,
    ),
    check('achievement_rules_reward_check', sql`${t.rewardTokens} >= 0`),
    check('achievement_rules_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => achievementRules.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    context: jsonb('context'),
    codeId: uuid('code_id').references(() => benefitCodes.id, { onDelete: 'set null' }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    rewardTokens: integer('reward_tokens').notNull().default(0),
  },
  // Each rule can be granted to a user only once (part 1 §9).
  (t) => [uniqueIndex('user_achievements_user_rule_key').on(t.userId, t.ruleId), index('user_achievements_granted_idx').on(t.grantedAt)],
);

export const tokenBonuses = pgTable(
  'token_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default('achievement_reward'),
    achievementId: uuid('achievement_id').references(() => userAchievements.id, { onDelete: 'set null' }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [index('token_bonuses_user_idx').on(t.userId, t.grantedAt), check('token_bonuses_amount_check', sql`${t.amount} >= 0`)],
);

// ───────────────────────────── surveys ─────────────────────────────

export const profileSurveys = pgTable(
  'profile_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name'),
    surveyType: text('survey_type').notNull().default('A'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    selectedBenefits: text('selected_benefits').array().notNull().default(sql`'{}'::text[]`),
    medals: text('medals').array().notNull().default(sql`'{}'::text[]`),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_surveys_user_key').on(t.userId), index('profile_surveys_completed_idx').on(t.completedAt)],
);

export const surveyBResponses = pgTable('survey_b_responses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  userType: text('user_type').notNull().default('B'),
  surveyVersion: text('survey_version').notNull().default('experimental_v2'),
  personalityMatrix: text('personality_matrix'),
  benefitPriorities: jsonb('benefit_priorities'),
  lifestyleAssessment: jsonb('lifestyle_assessment'),
  futureVision: jsonb('future_vision'),
  completedAt: ts('completed_at').notNull().defaultNow(),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
});

// ───────────────────────────── wellbeing bot ─────────────────────────────

export const botRequests = pgTable(
  'bot_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('employee_wellbeing'),
    status: text('status').notNull().default('pending'),
    config: jsonb('config'),
    instructions: text('instructions'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('bot_requests_company_idx').on(t.companyId, t.createdAt)],
);

export const employeeWellbeingProfiles = pgTable(
  'employee_wellbeing_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    stressScore: smallint('stress_score'),
    lastContact: ts('last_contact'),
    conversationCount: integer('conversation_count').notNull().default(0),
  },
  (t) => [
    index('employee_wellbeing_profiles_company_idx').on(t.companyId),
    check('employee_wellbeing_profiles_score_check', sql`${t.stressScore} is null or ${t.stressScore} between 1 and 10`),
  ],
);

export const botConversations = pgTable(
  'bot_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number').notNull(),
    stressScore: smallint('stress_score'),
    detectedKeywords: text('detected_keywords').array(),
    sentiment: text('sentiment'),
    requiresAttention: boolean('requires_attention').notNull().default(false),
    startedAt: ts('started_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    index('bot_conversations_company_idx').on(t.companyId, t.lastMessageAt),
    index('bot_conversations_phone_idx').on(t.phoneNumber),
  ],
);

export const botMessages = pgTable(
  'bot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => botConversations.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    body: text('body').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('bot_messages_conversation_idx').on(t.conversationId, t.sentAt),
    check('bot_messages_direction_check', sql`${t.direction} in ('inbound', 'outbound')`),
  ],
);
