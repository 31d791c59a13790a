/**
 * Contracts of the webhooks out: an endpoint (its form and its row), a delivery of the
 * log with its attempts, and the secret shown to its owner.
 */
import { z } from './zod';
import { pageQuery } from './fields';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '../webhooks';

const MESSAGES = {
  url: 'La URL es obligatoria',
  urlInvalid: 'La URL no es válida',
  events: 'Elige al menos un evento',
} as const;

export const webhookEndpointInputSchema = z.object({
  url: z.string().trim().min(1, MESSAGES.url).max(2000).url(MESSAGES.urlInvalid),
  description: z.string().trim().max(200).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, MESSAGES.events)
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e))),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(['active', 'inactive']),
  /** 'failing': disabled after a day of failures; 'manual': by its owner. */
  disabledReason: z.enum(['failing', 'manual']).nullable(),
  /** While a rotated secret is still signed with (the grace period), until when. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookSecretSchema = z.object({
  secret: z.string(),
  previousSecretUntil: z.string().nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookAttemptSchema = z.object({
  attemptedAt: z.string(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string().uuid(),
  /** The message's webhook-id header. */
  messageId: z.string(),
  eventType: z.enum([...WEBHOOK_EVENT_TYPES, 'webhook.test']),
  eventLabel: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** Every attempt, oldest first. */
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({ ...pageQuery });

export const webhookDeliveryParamsSchema = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });

export const webhookStatusBodySchema = z.object({ status: z.enum(['active', 'inactive']) });

export { WEBHOOK_EVENT_LABELS };
