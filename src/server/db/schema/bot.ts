/** The wellbeing bot: requests, per-employee profiles, conversations and messages. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
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
