/** Achievement rules, the grants made under them, and token bonuses. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './auth';
import { ledgerTransfers } from './ledger';
import { benefitCodes } from './requests';

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
    /** A deleted rule that was already granted stays for its grants' history, out of every list (decision 82). */
    deletedAt: ts('deleted_at'),
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
    // Grants and bonuses are history (they explain ledger transfers): restrict, never cascade.
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => achievementRules.id, { onDelete: 'restrict' }),
    ruleName: text('rule_name').notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    context: jsonb('context'),
    codeId: uuid('code_id').references(() => benefitCodes.id, { onDelete: 'set null' }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    rewardTokens: integer('reward_tokens').notNull().default(0),
  },
  // Each rule can be granted to a user only once (spec part 1 §9).
  (t) => [uniqueIndex('user_achievements_user_rule_key').on(t.userId, t.ruleId), index('user_achievements_granted_idx').on(t.grantedAt)],
);

export const tokenBonuses = pgTable(
  'token_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default('achievement_reward'),
    achievementId: uuid('achievement_id').references(() => userAchievements.id, { onDelete: 'set null' }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
  },
  (t) => [index('token_bonuses_user_idx').on(t.userId, t.grantedAt), check('token_bonuses_amount_check', sql`${t.amount} >= 0`)],
);
