/** Platform and company benefits, and the per-user redemption counts that enforce limitPerUser. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './auth';
import { companies } from './companies';

export const platformBenefits = pgTable(
  'platform_benefits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    value: text('value'),
    /** Free-text provider name shown on cards (spec part 1 §3). */
    providerName: text('provider_name'),
    /** The provider user who fulfils it; only that provider may verify its codes. */
    providerUserId: text('provider_user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category'),
    image: text('image'),
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    tokenCost: integer('token_cost').notNull().default(1),
    /** Null means unlimited, so a stock counted down to 0 is "sold out", never "unlimited". */
    stockRemaining: integer('stock_remaining'),
    /** How many times one employee may redeem it; 0 = no limit (a coffee). */
    limitPerUser: integer('limit_per_user').notNull().default(1),
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
    check('platform_benefits_limit_check', sql`${t.limitPerUser} >= 0`),
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
    /** The provider user who fulfils it; then only that provider may redeem its codes. */
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

/**
 * How many times each user has redeemed one benefit of a catalogue (platform or company): the
 * benefit's limitPerUser is a conditional upsert here. One shape for both catalogues.
 */
function userCountsTable<Name extends string>(name: Name, benefits: () => typeof platformBenefits.id | typeof companyBenefits.id) {
  return pgTable(
    name,
    {
      benefitId: uuid('benefit_id')
        .notNull()
        .references(benefits, { onDelete: 'cascade' }),
      userId: text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      count: integer('count').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.benefitId, t.userId] }), index(`${name}_user_idx`).on(t.userId), check(`${name}_check`, sql`${t.count} >= 0`)],
  );
}

export const companyBenefitUserCounts = userCountsTable('company_benefit_user_counts', () => companyBenefits.id);
export const platformBenefitUserCounts = userCountsTable('platform_benefit_user_counts', () => platformBenefits.id);
