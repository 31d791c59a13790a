/**
 * From the outbox to the webhooks (decision 230): the outbox worker, in its own
 * transaction after the change's COMMIT, turns a domain event into the webhook messages it stands for
 * and writes one delivery row per active endpoint that subscribed to the message's type and may see
 * its company; the delivery worker (delivery.ts) sends them. A rolled-back change recorded no event,
 * so nothing is sent for it.
 *
 * Only the events listed in WEBHOOK_EVENT_TYPES leave: the mapping below is a whitelist, and the
 * wellbeing bot's events (messages, alerts) map to nothing — no wellbeing content ever leaves by webhook.
 */
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_WINDOW_MS, type WebhookEventType } from '#domain/webhooks';
import type { Executor, Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { DomainEvent } from '../events/index';

/** The channel that wakes the delivery workers of every copy (at the COMMIT that wrote deliveries). */
export const WEBHOOK_CHANNEL = 'jobby_webhooks';

/** One message for the endpoints of `companyId` (and every platform endpoint); null: platform endpoints only. */
export type WebhookMessage = { type: WebhookEventType; companyId: string | null; data: Record<string, unknown> };

/** The webhook messages a domain event stands for (none for most). */
export function webhookMessagesOf(event: DomainEvent): WebhookMessage[] {
  switch (event.type) {
    case 'employee.created': {
      const p = event.payload;
      return [{ type: 'employee.created', companyId: p.companyId, data: { employeeId: p.userId, companyId: p.companyId, name: p.name, email: p.email } }];
    }
    case 'tokens.assigned': {
      const p = event.payload;
      // HR assigns within its company, level 1 to one person: one company in practice. A mix (none
      // today) would go to the platform's endpoints only, so no company hears of another's people.
      const companies = [...new Set(p.recipients.map((r) => r.companyId))];
      const companyId = companies.length === 1 ? companies[0] : null;
      return [
        {
          type: 'tokens.assigned',
          companyId,
          data: {
            companyId,
            tokenType: p.tokenType,
            amount: p.amount,
            reason: p.reason,
            assignedBy: p.actorName,
            recipients: p.recipients.map((r) => ({ employeeId: r.userId, transferId: r.transferId })),
          },
        },
      ];
    }
    case 'request.created':
    case 'request.decided': {
      const p = event.payload;
      const data = { requestId: p.requestId, employeeId: p.userId, companyId: p.companyId, benefitName: p.benefitName, status: p.status };
      const decided: WebhookMessage[] =
        p.status === 'approved'
          ? [{ type: 'request.approved', companyId: p.companyId, data }]
          : p.status === 'rejected'
            ? [{ type: 'request.rejected', companyId: p.companyId, data }]
            : [];
      // A request approved at once (an automatic benefit) is created and approved in one change: both are told.
      return event.type === 'request.created' ? [{ type: 'request.created', companyId: p.companyId, data }, ...decided] : decided;
    }
    case 'code.used': {
      const p = event.payload;
      return [{ type: 'code.used', companyId: p.companyId, data: { codeId: p.codeId, employeeId: p.userId, companyId: p.companyId, usedAt: p.usedAt } }];
    }
    case 'allowance.granted': {
      const p = event.payload;
      return [{ type: 'allowance.granted', companyId: p.companyId, data: { ...p } }];
    }
    case 'tokens.moved':
    case 'tokens.reversed': // not a webhook event yet (decision 359): the person hears it in the bell
    case 'achievement.granted':
    case 'wellbeing.alert':
    case 'bot.message.received':
    case 'bot.reply.due':
    case 'webhook.endpoint.disabled':
    case 'bot.checkin.due':
    case 'bot.request.decided':
    case 'code.expiring':
      return [];
  }
}

/** Wakes the delivery workers at the caller's COMMIT. */
export async function wakeDeliveries(db: Executor): Promise<void> {
  await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

export type ActiveEndpoint = { id: string; companyId: string | null; events: string[] };

/**
 * Every active endpoint of the platform: a few per company at most, so the outbox worker reads them
 * once per batch of events and each event picks its own (its company's and the platform's).
 */
export function activeEndpoints(tx: Executor): Promise<ActiveEndpoint[]> {
  return tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, 'active'));
}

/**
 * Writes the deliveries of one outbox event (in the worker's transaction). The unique key
 * (endpoint, event, type) makes a retried event fan out once. Answers how many were written.
 */
export async function fanOutWebhooks(tx: Tx, eventId: number, event: DomainEvent, occurredAt: Date, endpoints?: readonly ActiveEndpoint[]): Promise<number> {
  const messages = webhookMessagesOf(event);
  if (messages.length === 0) return 0;
  endpoints ??= await activeEndpoints(tx);
  const now = new Date();
  const rows = messages.flatMap((message) =>
    endpoints
      .filter((e) => e.events.includes(message.type) && (e.companyId === null || e.companyId === message.companyId))
      .map((e) => ({
        endpointId: e.id,
        eventId,
        eventType: message.type,
        payload: { type: message.type, timestamp: occurredAt.toISOString(), data: message.data },
        giveUpAt: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      })),
  );
  if (rows.length === 0) return 0;
  const written = await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning({ id: webhookDeliveries.id });
  if (written.length > 0) await wakeDeliveries(tx);
  return written.length;
}
