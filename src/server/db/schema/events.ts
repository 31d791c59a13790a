/**
 * The outbox: every money-moving or state-changing transaction appends its domain events
 * here, in the same transaction; workers on any server copy consume them after the commit
 * (notifications, achievements, live screens). Claimed with FOR UPDATE SKIP LOCKED, so several copies
 * share the work and each event is handled once.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './auth';
import { companies } from './companies';

export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /** Not handed to a worker before this time (a failed attempt backs off). */
    availableAt: ts('available_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set when its handlers succeeded, and only then. */
    processedAt: ts('processed_at'),
    /**
     * Set when the workers gave up on it (its payload failed its schema, or its handlers failed for
     * about a day): it waits for level 1's 'Reintentar' (decision 364).
     */
    deadAt: ts('dead_at'),
  },
  (t) => [
    // The workers' queue: only what is still to do is indexed.
    index('domain_events_due_idx').on(t.availableAt, t.id).where(sql`${t.processedAt} is null and ${t.deadAt} is null`),
    // Level 1's list of dead events, newest death first, and their count.
    index('domain_events_dead_idx').on(t.deadAt.desc(), t.id.desc()).where(sql`${t.deadAt} is not null`),
    index('domain_events_type_created_idx').on(t.type, t.createdAt),
  ],
);

/** The bell: one row per recipient, written by the workers from the events. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A key of the catalogue in src/domain/notifications.ts; its text is built from `params`. */
    type: text('type').notNull(),
    params: jsonb('params').notNull(),
    link: text('link').notNull(),
    /** The event it comes from: a retried event never notifies twice. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /**
     * What the notification is about while it asks something of its reader ('request:<id>' for
     * 'espera tu aprobación'); null for one that only informs. Decision 202.
     */
    subject: text('subject'),
    readAt: ts('read_at'),
    /** Set, for every reader at once, when its subject no longer needs them (the request was decided). */
    resolvedAt: ts('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId, t.type),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // Resolving finds the open ones of a subject (all readers) without reading anyone else's.
    index('notifications_open_subject_idx').on(t.subject).where(sql`${t.subject} is not null and ${t.resolvedAt} is null`),
  ],
);

/**
 * The monthly allowance granted: exactly one row per company, month and token type — the
 * unique key, not a check-then-insert, is what makes two server copies grant once.
 */
export const monthlyGrants = pgTable(
  'monthly_grants',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' in America/Santiago. */
    month: text('month').notNull(),
    tokenType: text('token_type').notNull(),
    amountEach: integer('amount_each').notNull(),
    employees: integer('employees').notNull().default(0),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('monthly_grants_key').on(t.companyId, t.month, t.tokenType)],
);
