/** Benefit requests, their codes (the spec's "benefit tokens") and redemptions. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { codeReadKeySql } from '../code-key';
import { users } from './auth';
import { companyBenefits, platformBenefits } from './benefits';
import { companies } from './companies';

/**
 * Who asked and for which benefit (exactly one of the two catalogues'), with the benefit's name and
 * kind as they were then: a request's, copied onto its code. Fresh columns for each table.
 */
const requestedBenefit = () => ({
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  /** The requester's company; set for company benefits and kept for platform ones to scope HR views. */
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
  platformBenefitId: uuid('platform_benefit_id').references(() => platformBenefits.id),
  companyBenefitId: uuid('company_benefit_id').references(() => companyBenefits.id),
  benefitName: text('benefit_name').notNull(),
  benefitType: text('benefit_type'),
  isBenefitJobby: boolean('is_benefit_jobby').notNull(),
});

// History: the references to people and requests below restrict deletion (a request, its code and its
// redemption explain ledger transfers), they never cascade.
export const benefitRequests = pgTable(
  'benefit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...requestedBenefit(),
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
    /** Who processed it: a user id, or 'system' for automatic approval (spec part 2 §4). */
    adminId: text('admin_id'),
    /** What the approver tells the employee to do (spec part 1 §5); given on approval only. */
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
    // HR's latest product links (/level2/benefits): only the few requests that carry one.
    index('benefit_requests_product_link_idx').on(t.companyId, t.requestDate).where(sql`${t.productLink} is not null`),
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
      .references(() => benefitRequests.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    createdBy: text('created_by'),
    ...requestedBenefit(),
    /** When set, only this provider may redeem the code (a platform benefit linked to a provider). */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminInstructions: text('admin_instructions'),
    usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('benefit_codes_code_key').on(t.code),
    // Verification finds a code however it was read aloud (O as 0, I and L as 1): codeReadKey() in SQL.
    index('benefit_codes_read_key_idx').on(codeReadKeySql(t.code)),
    // Every approved request has exactly one code.
    uniqueIndex('benefit_codes_request_key').on(t.requestId),
    index('benefit_codes_used_by_idx').on(t.usedBy, t.usedAt),
    index('benefit_codes_user_idx').on(t.userId, t.status, t.createdAt),
    index('benefit_codes_used_at_idx').on(t.usedAt),
    // HR's dashboard counts its company's codes (active ones, this month's and last month's).
    index('benefit_codes_company_idx').on(t.companyId, t.createdAt),
    // ... and its active codes: only codes not used yet are in it, counted from the index alone.
    index('benefit_codes_company_active_idx').on(t.companyId, t.expiresAt).where(sql`${t.status} = 'active'`),
    // The expiry reminder's job finds the unused codes about to lapse along this index.
    index('benefit_codes_active_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    // Achievements: a company's uses at one provider, in time.
    index('benefit_codes_company_used_idx').on(t.companyId, t.usedBy, t.usedAt),
    // 'Hoy la cumplirían' (decision 205): everyone's used codes by person and time, read
    // from the index alone (used codes only: the active ones never count).
    index('benefit_codes_used_user_idx').on(t.userId, t.usedAt).where(sql`${t.status} = 'used'`),
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
      .references(() => users.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => benefitRequests.id, { onDelete: 'restrict' }),
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


/**
 * The bell's "vence en 3 días" reminder: one row per code reminded. The primary key,
 * not a check-then-insert, is what makes two server copies (or two runs of the job) remind once.
 */
export const codeExpiryReminders = pgTable('code_expiry_reminders', {
  codeId: uuid('code_id')
    .primaryKey()
    .references(() => benefitCodes.id, { onDelete: 'cascade' }),
  remindedAt: ts('reminded_at').notNull().defaultNow(),
});
