import { Badge } from '@mantine/core';
import { isPendingStatus } from '../../../domain/request-lifecycle';
import type { BenefitRequest } from '../../../domain/schemas/economy';

export function isPendingRequest(request: Pick<BenefitRequest, 'status'>): boolean {
  return isPendingStatus(request.status);
}

// Light badges with AA text on their tint.
const STYLES = {
  pending: { label: 'Pendiente', color: 'orange', text: 'light-dark(#a34a00, var(--mantine-color-orange-3))' },
  approved: { label: 'Aprobada', color: 'green', text: 'light-dark(#1f6f30, var(--mantine-color-green-3))' },
  rejected: { label: 'Rechazada', color: 'red', text: 'light-dark(#b02525, var(--mantine-color-red-3))' },
} as const;

/** A request's status as HR reads it: every pending variant is 'Pendiente' (part 2 §4). */
export function RequestStatusBadge({ request }: { request: Pick<BenefitRequest, 'status'> }) {
  const style = isPendingRequest(request) ? STYLES.pending : request.status === 'rejected' ? STYLES.rejected : STYLES.approved;
  return (
    <Badge miw="max-content" variant="light" color={style.color} c={style.text}>
      {style.label}
    </Badge>
  );
}
