/**
 * Webhooks out: the events an endpoint may subscribe to, with their Spanish labels, and
 * the states of a delivery. Shared by the server (fan-out, schemas) and the web (the form's
 * checkboxes, the log). Nothing of the wellbeing bot is, or may become, one of these events.
 */
import { valuesOf } from './labelled';

export const WEBHOOK_EVENT_TYPES = [
  'employee.created',
  'tokens.assigned',
  'request.created',
  'request.approved',
  'request.rejected',
  'code.used',
  'allowance.granted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event ('Enviar evento de prueba'): sent to one endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'employee.created': 'Empleado creado',
  'tokens.assigned': 'Tokens asignados',
  'request.created': 'Solicitud creada',
  'request.approved': 'Solicitud aprobada',
  'request.rejected': 'Solicitud rechazada',
  'code.used': 'Código usado',
  'allowance.granted': 'Asignación mensual realizada',
  'webhook.test': 'Evento de prueba',
};

/**
 * A delivery: waiting for its (next) attempt, being sent now, delivered (2xx), or given up (24 h of
 * failures, or its endpoint was disabled).
 */
export const WEBHOOK_DELIVERY_STATUS_LABELS = { pending: 'Pendiente', sending: 'Enviando', delivered: 'Entregado', failed: 'Fallido' } as const;
export type WebhookDeliveryStatus = keyof typeof WEBHOOK_DELIVERY_STATUS_LABELS;
export const WEBHOOK_DELIVERY_STATUSES = valuesOf(WEBHOOK_DELIVERY_STATUS_LABELS);

/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * How many endpoints one owner (a company, or the platform) may have, active or not (decision 356):
 * every event fans out to each, retried for a day.
 */
export const WEBHOOK_ENDPOINTS_MAX = 20;
