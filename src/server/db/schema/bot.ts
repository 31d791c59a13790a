/**
 * The wellbeing bot (spec part 2 §3 "Bot config", "Bot request", "Employee profile", the documented-only
 * conversations and webhook): requests, per-employee profiles, conversations, messages with their
 * analysis, alerts and one row per analysed period.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './auth';
import { companies } from './companies';

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
    /** Level 1's answer (decision 242): who, when, and for a rejection why. */
    decidedAt: ts('decided_at'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    reason: text('reason'),
  },
  (t) => [
    index('bot_requests_company_idx').on(t.companyId, t.createdAt),
    // A new save replaces the company's pending request: level 1 answers at most one per company.
    uniqueIndex('bot_requests_one_pending_key').on(t.companyId).where(sql`${t.status} = 'pending'`),
    index('bot_requests_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('bot_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'superseded')`),
  ],
);

/**
 * A check-in Jobby started with an employee (decision 240): at most one per person and
 * period — the primary key is what makes two server copies send once — with the template message as
 * handed to the transport and what the transport did with it.
 */
export const botCheckIns = pgTable(
  'bot_check_ins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: ts('period_start').notNull(),
    id: uuid('id').notNull().defaultRandom().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    /** The Cloud API's request body (`type: "template"`): what was sent, or would have been. */
    payload: jsonb('payload').notNull(),
    /** When the check-in was due and claimed; the transport sends it right after the commit. */
    createdAt: createdAt(),
    deliveryStatus: text('delivery_status'),
    deliveryNote: text('delivery_note'),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.periodStart] }),
    index('bot_check_ins_user_idx').on(t.userId, t.createdAt),
    check('bot_check_ins_delivery_check', sql`${t.deliveryStatus} is null or ${t.deliveryStatus} in ('sent', 'not_sent', 'failed')`),
  ],
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
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('employee_wellbeing_profiles_company_idx').on(t.companyId),
    check('employee_wellbeing_profiles_score_check', sql`${t.stressScore} is null or ${t.stressScore} between 1 and 10`),
  ],
);

/** A conversation: an employee's messages with no gap of 24 hours or more (WhatsApp's service window). */
export const botConversations = pgTable(
  'bot_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number').notNull(),
    /** The conversation's analysis: the highest message score, its keywords, the last sentiment. */
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
    index('bot_conversations_user_idx').on(t.userId, t.lastMessageAt),
  ],
);

export const botMessages = pgTable(
  'bot_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => botConversations.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    body: text('body').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
    /** WhatsApp's message id (`wamid…`), or a digest of sender, time and text for the spec's payload: a retry is stored once. */
    externalId: text('external_id'),
    // The analysis of an inbound message (null until analysed, after the commit that stored it).
    stressScore: smallint('stress_score'),
    detectedKeywords: text('detected_keywords').array(),
    sentiment: text('sentiment'),
    requiresAttention: boolean('requires_attention').notNull().default(false),
    analyzedAt: ts('analyzed_at'),
    /** Outbound only: what the transport did ('sent', 'not_sent', 'failed') and why. */
    deliveryStatus: text('delivery_status'),
    deliveryNote: text('delivery_note'),
  },
  (t) => [
    index('bot_messages_conversation_idx').on(t.conversationId, t.sentAt),
    index('bot_messages_user_idx').on(t.userId, t.sentAt),
    // The trend chart groups a company's messages by analysis period.
    index('bot_messages_company_idx').on(t.companyId, t.sentAt),
    uniqueIndex('bot_messages_external_id_key').on(t.externalId),
    // The periodic run finds the messages whose analysis never ran (a copy stopped after the commit).
    index('bot_messages_unanalysed_idx').on(t.sentAt).where(sql`${t.direction} = 'inbound' and ${t.analyzedAt} is null`),
    check('bot_messages_direction_check', sql`${t.direction} in ('inbound', 'outbound')`),
    check('bot_messages_score_check', sql`${t.stressScore} is null or ${t.stressScore} between 1 and 10`),
    check('bot_messages_sentiment_check', sql`${t.sentiment} is null or ${t.sentiment} in ('positive', 'neutral', 'negative')`),
    check('bot_messages_delivery_check', sql`${t.deliveryStatus} is null or ${t.deliveryStatus} in ('sent', 'not_sent', 'failed')`),
  ],
);

/** An employee whose profile reached the alert threshold; HR handles it with 'Tomar Acción'. */
export const botAlerts = pgTable(
  'bot_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stressScore: smallint('stress_score').notNull(),
    raisedAt: ts('raised_at').notNull().defaultNow(),
    status: text('status').notNull().default('open'),
    actionTaken: text('action_taken'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledByName: text('handled_by_name'),
    handledAt: ts('handled_at'),
  },
  (t) => [
    index('bot_alerts_company_idx').on(t.companyId, t.status, t.raisedAt),
    // At most one open alert per employee: raising is an INSERT … ON CONFLICT DO NOTHING, safe from any copy.
    uniqueIndex('bot_alerts_one_open_key').on(t.userId).where(sql`${t.status} = 'open'`),
    check('bot_alerts_status_check', sql`${t.status} in ('open', 'handled')`),
    check('bot_alerts_handled_check', sql`${t.status} = 'open' or (${t.handledAt} is not null and ${t.actionTaken} is not null)`),
  ],
);

/**
 * One row per company and analysis period: its key (company, period start) is what makes the periodic
 * analysis run once per period whatever the number of server copies (decision 92).
 */
export const botAnalysisRuns = pgTable(
  'bot_analysis_runs',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    periodStart: ts('period_start').notNull(),
    frequency: text('frequency').notNull(),
    averageScore: doublePrecision('average_score'),
    employeesOnAlert: integer('employees_on_alert').notNull().default(0),
    conversations: integer('conversations').notNull().default(0),
    computedAt: ts('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.periodStart] })],
);
