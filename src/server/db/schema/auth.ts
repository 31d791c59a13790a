/** better-auth's tables (user, session, account, verification, rate limit), with our user fields added to its user table so that a user is one row. */
import { relations, sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns';
import { companies } from './companies';

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
    /** Null until the first sign-in derives it from the email (spec part 1 §4, §6). */
    level: smallint('level'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    userType: text('user_type').notNull().default('A'),
    status: text('status').notNull().default('active'),
    themePreference: text('theme_preference').notNull().default('light'),
    themeUpdatedAt: ts('theme_updated_at'),
    phone: text('phone'),
    department: text('department'),
    // Survey fields (spec part 1 §3, spec part 2 §3)
    surveyCompleted: boolean('survey_completed').notNull().default(false),
    surveyCompletedAt: ts('survey_completed_at'),
    surveyUpdatedAt: ts('survey_updated_at'),
    surveyType: text('survey_type'),
    benefitPreferences: text('benefit_preferences').array(),
    generationalMemory: text('generational_memory'),
    satisfactionLevel: text('satisfaction_level'),
    // Provider-user fields (spec part 1 §3)
    providerCategory: text('provider_category'),
    providerDescription: text('provider_description'),
    contactPhone: text('contact_phone'),
    /**
     * Where and how an employee uses a code at this provider, shown with every active
     * code it redeems. Standing instructions for every visitor ("pide en caja"): the approver's
     * per-request instructions stay on the code (benefit_codes.admin_instructions).
     */
    providerAddress: text('provider_address'),
    providerInstructions: text('provider_instructions'),
    createdBy: text('created_by'),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The HR employee list pages newest first along this index and counts with it.
    index('users_company_level_idx').on(t.companyId, t.level, t.createdAt),
    // The same for the platform admin's list of every employee (and level 4's provider options).
    index('users_level_created_idx').on(t.level, t.createdAt),
    // Level 1's list of every account, newest first, pages along this index instead of sorting 100,000 rows.
    index('users_created_idx').on(t.createdAt, t.id),
    // One number, one person: phones are E.164 (src/domain/phone.ts), and the WhatsApp
    // webhook finds the sender along this index.
    uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
    // The search boxes of level 1 and HR (`ILIKE '%…%'` on name and email) are index searches with
    // trigrams (pg_trgm): a search reads its matches, not 100,000 accounts twice. Without
    // GIN's pending list (fastupdate off) a new account is searchable through the index at once and the
    // planner never falls back to reading every account until the next vacuum.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
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

/** For better-auth's joined reads (`advanced.database.joins`): a session with its user in one statement. */
export const sessionRelations = relations(sessions, ({ one }) => ({ user: one(users, { fields: [sessions.userId], references: [users.id] }) }));
export const accountRelations = relations(accounts, ({ one }) => ({ user: one(users, { fields: [accounts.userId], references: [users.id] }) }));
export const userRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
