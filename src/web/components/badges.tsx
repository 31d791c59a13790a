import { Badge, type BadgeProps } from '@mantine/core';
import type { RecordStatus, RequestStatus } from '../../domain/constants';
import { requestStatusView, type RequestAudience, type RequestStatusTone } from '../../domain/request-lifecycle';
import { HISTORY_TYPE_LABELS, RECORD_STATUS_LABELS, type HistoryType } from '../../domain/status-labels';
import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus } from '../../domain/webhooks';

/** The theme's tinted variants with AA text (src/web/app/badge-variants.ts): `<Badge variant="success">`. */
export type BadgeTone = 'success' | 'danger' | 'warning' | 'attention' | 'info' | 'neutral' | 'platform';

/** Size and shape only: the meaning decides the label and the variant. */
type Look = Pick<BadgeProps, 'size' | 'radius'>;

/** A tinted badge that never squeezes to "ACTI…" in a table cell (its label would otherwise be cut). */
function ToneBadge({ tone, label, ...look }: Look & { tone: BadgeTone; label: string }) {
  return (
    <Badge miw="max-content" variant={tone} {...look}>
      {label}
    </Badge>
  );
}

/** 'Activo'/'Inactivo' (or 'Activa'/'Inactiva' for a company, `feminine`): green or gray. */
export function StatusBadge({ isActive, feminine = false, ...look }: Look & { isActive: boolean; feminine?: boolean }) {
  const status: RecordStatus = isActive ? 'active' : 'inactive';
  const labels = RECORD_STATUS_LABELS[feminine ? 'feminine' : 'masculine'];
  return <ToneBadge tone={isActive ? 'success' : 'neutral'} label={labels[status]} {...look} />;
}

const STATUS_TONES: Record<RequestStatusTone, BadgeTone> = { pending: 'warning', needs_platform: 'attention', approved: 'success', rejected: 'danger' };

/** A request's status as `audience` reads it (src/domain/request-lifecycle.ts): pending is yellow everywhere. */
export function RequestStatusBadge({ status, audience, ...look }: Look & { status: RequestStatus; audience: RequestAudience }) {
  const view = requestStatusView(status, audience);
  return <ToneBadge tone={STATUS_TONES[view.tone]} label={view.label} {...look} />;
}

const HISTORY_TONES: Record<HistoryType, BadgeTone> = { add: 'success', remove: 'danger', used: 'info' };

/** A token movement's type: 'Añadido' green, 'Quitado' red, 'Usado' blue. */
export function HistoryTypeBadge({ type, ...look }: Look & { type: HistoryType }) {
  return <ToneBadge tone={HISTORY_TONES[type]} label={HISTORY_TYPE_LABELS[type]} {...look} />;
}

/** Where a benefit comes from: 'Jobby' (a platform benefit, violet) or 'Empresa' (a company's, orange). */
export function OriginBadge({ isBenefitJobby, ...look }: Look & { isBenefitJobby: boolean }) {
  return <ToneBadge tone={isBenefitJobby ? 'platform' : 'attention'} label={isBenefitJobby ? 'Jobby' : 'Empresa'} {...look} />;
}

const DELIVERY_TONES: Record<WebhookDeliveryStatus, BadgeTone> = { pending: 'warning', sending: 'info', delivered: 'success', failed: 'danger' };

/** A webhook delivery's status: 'Pendiente' yellow, 'Enviando' blue, 'Entregado' green, 'Fallido' red. */
export function WebhookDeliveryStatusBadge({ status, ...look }: Look & { status: WebhookDeliveryStatus }) {
  return <ToneBadge tone={DELIVERY_TONES[status]} label={WEBHOOK_DELIVERY_STATUS_LABELS[status]} {...look} />;
}

/** A webhook endpoint's state: 'Activo', 'Inactivo', or 'Desactivado por fallas' (red) after a day of failed deliveries. */
export function WebhookEndpointStatusBadge({ status, disabledReason, ...look }: Look & { status: 'active' | 'inactive'; disabledReason: 'failing' | 'manual' | null }) {
  if (status === 'inactive' && disabledReason === 'failing') return <ToneBadge tone="danger" label="Desactivado por fallas" {...look} />;
  return <StatusBadge isActive={status === 'active'} {...look} />;
}

/** An invited person who has not chosen a password yet (decision 212): yellow, as every pending thing. */
export function InvitationPendingBadge(look: Look) {
  return <ToneBadge tone="warning" label="Invitación pendiente" {...look} />;
}
