/** Companies (spec part 1 §3 "Company") and their wellbeing-bot settings. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns';

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
    /** Level 1's bot access (spec part 1 §4 "Bot access per company"): the spec's botEnabled and botEnabledDate. */
    botEnabled: boolean('bot_enabled').notNull().default(false),
    botEnabledAt: ts('bot_enabled_at'),
    /** whatsappNumber, analysisFrequency, stressKeywords, wellbeingIndicators (spec part 2 §3 "Bot config"). */
    botConfig: jsonb('bot_config').$type<BotConfig>(),
    botInstructions: text('bot_instructions'),
    /** Monthly allowance per active employee: company tokens set by HR, flexible ones by level 1. */
    monthlyCompanyTokens: integer('monthly_company_tokens').notNull().default(0),
    monthlyJobbyTokens: integer('monthly_jobby_tokens').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Company names are matched case-insensitively (spec part 1 §3).
    uniqueIndex('companies_name_lower_key').on(sql`lower(${t.name})`),
    uniqueIndex('companies_email_domain_lower_key').on(sql`lower(${t.emailDomain})`),
    // Level 1's user search also matches the company's name (through this index, then users.company_id).
    index('companies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('companies_max_users_check', sql`${t.maxUsers} >= 1`),
    check('companies_monthly_tokens_check', sql`${t.monthlyCompanyTokens} >= 0 and ${t.monthlyJobbyTokens} >= 0`),
    check('companies_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** HR's settings; `botEnabled` is HR's switch, usable only while level 1 grants access (`companies.bot_enabled`). */
export type BotConfig = {
  botEnabled?: boolean;
  whatsappNumber?: string;
  analysisFrequency?: 'daily' | 'weekly' | 'biweekly' | 'monthly';
  stressKeywords?: string[];
  wellbeingIndicators?: string[];
  /** The approved WhatsApp template Jobby starts a check-in with; none: the bot only answers (decision 240). */
  checkInTemplate?: string;
  checkInLanguage?: string;
  /** Chile's local time, "HH:MM-HH:MM". */
  checkInWindows?: string[];
};
