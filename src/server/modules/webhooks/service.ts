/**
 * The webhook endpoints of an owner: HR's of its company, level 1's of the platform.
 * Each caller sees and touches only its owner's endpoints and their deliveries; anything else
 * answers 404 as if it did not exist.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '#domain/schemas/webhooks';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus, type WebhookEventType } from '#domain/webhooks';
import { companyOf, type Actor } from '../../actor';
import type { Db, Executor } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema';
import { checkEndpointUrl, type WebhookAddressPolicy } from './addresses';
import { wakeDeliveries } from './fan-out';
import { openSecret, sealSecret } from './secret-box';
import { messageIdOf, newWebhookSecret, SECRET_GRACE_MS } from './secrets';

/** Whose endpoints the caller manages: its company's (level 2) or the platform's (level 1, company null). */
function ownerOf(actor: Actor): { companyId: string | null } {
  return actor.level === 1 ? { companyId: null } : { companyId: companyOf(actor) };
}

function ownedBy(actor: Actor): SQL {
  const { companyId } = ownerOf(actor);
  return companyId === null ? isNull(webhookEndpoints.companyId) : eq(webhookEndpoints.companyId, companyId);
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status as 'active' | 'inactive',
    disabledReason: (row.disabledReason as 'failing' | 'manual' | null) ?? null,
    previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's endpoint, locked when `lock`. @throws WEBHOOK_ENDPOINT_NOT_FOUND for another owner's (or none). */
async function ownEndpoint(db: Executor, id: string, actor: Actor, lock = false): Promise<EndpointRow> {
  const query = db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), ownedBy(actor)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return row;
}

export type EndpointInput = { url: string; description: string; events: WebhookEventType[] };

export async function listEndpoints(db: Executor, actor: Actor): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(ownedBy(actor)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toEndpoint);
}

/** A URL this owner already has answers WEBHOOK_URL_IN_USE (the unique indexes of migration 0032). */
async function refusingRepeatedUrl<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error)?.startsWith('webhook_endpoints_')) throw new AppError('WEBHOOK_URL_IN_USE');
    throw error;
  }
}

/**
 * Registers an endpoint with a fresh secret, sealed under `secretKey` (secret-box.ts). The owner's
 * count is read (an index range of webhook_endpoints_company_idx) under a transaction-scoped advisory
 * lock of the owner, so two registrations at once cannot pass the limit together; nothing else takes it.
 * @throws WEBHOOK_URL_NOT_ALLOWED, WEBHOOK_ENDPOINT_LIMIT, WEBHOOK_URL_IN_USE
 */
export async function createEndpoint(db: Db, input: EndpointInput, actor: Actor, policy: WebhookAddressPolicy, secretKey: Buffer): Promise<WebhookEndpoint> {
  const url = checkEndpointUrl(input.url, policy);
  const owner = ownerOf(actor);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook_endpoints:${owner.companyId ?? 'platform'}`}, 0))`);
    const existing = await tx.$count(webhookEndpoints, ownedBy(actor));
    if (existing >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('WEBHOOK_ENDPOINT_LIMIT', { max: WEBHOOK_ENDPOINTS_MAX });
    const [row] = await refusingRepeatedUrl(() =>
      tx
        .insert(webhookEndpoints)
        .values({ ...owner, url, description: input.description, events: input.events, secret: sealSecret(newWebhookSecret(), secretKey), createdBy: actor.id })
        .returning(),
    );
    return toEndpoint(row);
  });
}

/** @throws WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_URL_NOT_ALLOWED, WEBHOOK_URL_IN_USE */
export async function updateEndpoint(db: Executor, id: string, input: EndpointInput, actor: Actor, policy: WebhookAddressPolicy): Promise<WebhookEndpoint> {
  const url = checkEndpointUrl(input.url, policy);
  await ownEndpoint(db, id, actor);
  const [row] = await refusingRepeatedUrl(() =>
    db
      .update(webhookEndpoints)
      .set({ url, description: input.description, events: input.events, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), ownedBy(actor)))
      .returning(),
  );
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpoint(row);
}

/** Enables or disables; enabling starts its failure count afresh. @throws WEBHOOK_ENDPOINT_NOT_FOUND */
export async function setEndpointStatus(db: Executor, id: string, status: 'active' | 'inactive', actor: Actor): Promise<WebhookEndpoint> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(status === 'active' ? { status, disabledReason: null, failingSince: null, updatedAt: new Date() } : { status, disabledReason: 'manual', updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(actor)))
    .returning();
  if (!row) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpoint(row);
}

function toSecret(row: EndpointRow, secretKey: Buffer): WebhookSecret {
  const until = row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil.toISOString() : null;
  return { secret: openSecret(row.secret, secretKey), previousSecretUntil: until };
}

/** The signing secret, for its owner. @throws WEBHOOK_ENDPOINT_NOT_FOUND */
export async function getEndpointSecret(db: Executor, id: string, actor: Actor, secretKey: Buffer): Promise<WebhookSecret> {
  return toSecret(await ownEndpoint(db, id, actor), secretKey);
}

/**
 * A new secret; the old one keeps signing beside it for SECRET_GRACE_MS, so receivers can switch
 * without losing a message. @throws WEBHOOK_ENDPOINT_NOT_FOUND
 */
export async function rotateEndpointSecret(db: Db, id: string, actor: Actor, secretKey: Buffer): Promise<WebhookSecret> {
  return db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, id, actor, true);
    const now = new Date();
    const [row] = await tx
      .update(webhookEndpoints)
      // The current secret moves over still sealed.
      .set({ secret: sealSecret(newWebhookSecret(), secretKey), previousSecret: current.secret, previousSecretUntil: new Date(now.getTime() + SECRET_GRACE_MS), updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    return toSecret(row, secretKey);
  });
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function toDelivery(row: DeliveryRow, attempts: (typeof webhookDeliveryAttempts.$inferSelect)[]): WebhookDelivery {
  const type = row.eventType as WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  const status = row.status as WebhookDeliveryStatus;
  return {
    id: row.id,
    messageId: messageIdOf(row.id),
    eventType: type,
    eventLabel: WEBHOOK_EVENT_LABELS[type] ?? type,
    status,
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastResponseCode: row.lastResponseCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    nextAttemptAt: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attempts.map((a) => ({ attemptedAt: a.attemptedAt.toISOString(), responseCode: a.responseCode, durationMs: a.durationMs, error: a.error })),
  };
}

/** An endpoint's deliveries, newest first, each with its attempts. @throws WEBHOOK_ENDPOINT_NOT_FOUND */
export async function listDeliveries(db: Executor, endpointId: string, query: { limit: number; offset: number }, actor: Actor): Promise<{ items: WebhookDelivery[]; total: number }> {
  await ownEndpoint(db, endpointId, actor);
  const mine = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(webhookDeliveries).where(mine).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(webhookDeliveries).where(mine),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(webhookDeliveryAttempts)
          .where(inArray(webhookDeliveryAttempts.deliveryId, rows.map((r) => r.id)))
          .orderBy(asc(webhookDeliveryAttempts.id));
  return { items: rows.map((row) => toDelivery(row, attempts.filter((a) => a.deliveryId === row.id))), total };
}

async function activeEndpoint(db: Executor, endpointId: string, actor: Actor): Promise<EndpointRow> {
  const endpoint = await ownEndpoint(db, endpointId, actor);
  if (endpoint.status !== 'active') throw new AppError('WEBHOOK_ENDPOINT_INACTIVE');
  return endpoint;
}

/**
 * 'Reintentar': the delivery is due now, with a fresh 24 h window. One being sent is left alone.
 * @throws WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_ENDPOINT_INACTIVE
 */
export async function retryDelivery(db: Db, endpointId: string, deliveryId: string, actor: Actor): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    await activeEndpoint(tx, endpointId, actor);
    const now = new Date();
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, giveUpAt: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS) })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.status, ['pending', 'delivered', 'failed'])))
      .returning();
    const current = row ?? (await tx.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId))))[0];
    if (!current) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    if (row) await wakeDeliveries(tx);
    const attempts = await tx.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, deliveryId)).orderBy(asc(webhookDeliveryAttempts.id));
    return toDelivery(current, attempts);
  });
}

/**
 * 'Enviar evento de prueba': a `webhook.test` message to this endpoint only, through the same
 * queue, signing and log as every other. @throws WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_ENDPOINT_INACTIVE
 */
export async function sendTestEvent(db: Db, endpointId: string, actor: Actor): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    await activeEndpoint(tx, endpointId, actor);
    const now = new Date();
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventType: WEBHOOK_TEST_EVENT,
        payload: { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { endpointId, message: 'Evento de prueba enviado desde Jobby' } },
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      })
      .returning();
    await wakeDeliveries(tx);
    return toDelivery(row, []);
  });
}
