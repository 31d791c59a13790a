/**
 * Webhooks out (decisions 230–233): the endpoints HR (for its company) and level 1 (for
 * the platform) register, and one delivery row per event and endpoint, written by the outbox worker
 * after the change's COMMIT and sent by the delivery worker (modules/webhooks/delivery.ts), which
 * claims due rows with FOR UPDATE SKIP LOCKED. Every attempt is kept in webhook_delivery_attempts.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt } from './columns';
import { companies } from './companies';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owning company (HR's endpoint); null for a platform endpoint (level 1), which hears every company. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Keys of WEBHOOK_EVENT_TYPES (src/domain/webhooks.ts). */
    events: text('events').array().notNull(),
    status: text('status').notNull().default('active'),
    /** Why it is inactive: 'failing' (disabled after a day of failures) or 'manual'. */
    disabledReason: text('disabled_reason'),
    /** The signing secret, `whsec_<base64>`: the server signs with it, so it is kept, and shown to its owner. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signed with until `previous_secret_until` (grace period). */
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    /** The first failure since the last success; a day of it disables the endpoint. */
    failingSince: ts('failing_since'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId),
    // One URL once per owner (decision 356): a company's, and the platform's (company null).
    uniqueIndex('webhook_endpoints_company_url_key').on(t.companyId, t.url).where(sql`${t.companyId} is not null`),
    uniqueIndex('webhook_endpoints_platform_url_key').on(t.url).where(sql`${t.companyId} is null`),
    check('webhook_endpoints_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the message's `webhook-id` (msg_<id>), the same on every attempt. */
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event it comes from; null for a test event. */
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    /** The body sent: { type, timestamp, data }. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due; while 'sending', when the claim lapses (a copy that died mid-call). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** No attempt after this time: the delivery is given up ('failed'). */
    giveUpAt: ts('give_up_at').notNull(),
    lastAttemptAt: ts('last_attempt_at'),
    lastResponseCode: integer('last_response_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A retried outbox event fans out once (one event may be two webhook events: created and approved at once).
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId, t.eventType),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

/** The log of every attempt of a delivery: when, the answer's status code, how long, what went wrong. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
