import { PENDING_REQUEST_STATUSES, type RequestStatus } from './constants';

/** Who reads a request's status: the employee (level 3), HR (2), the platform (1) or a provider (4). */
export type RequestAudience = 'employee' | 'hr' | 'admin' | 'provider';

/** What a status means to its reader: waiting, waiting on the platform's own work, or decided. */
export type RequestStage = 'pending' | 'needs_platform' | 'approved' | 'rejected';

export type RequestStatusView = { label: string; stage: RequestStage };

const VIEWS: Record<RequestStage, RequestStatusView> = {
  pending: { label: 'Pendiente', stage: 'pending' },
  needs_platform: { label: 'Requiere Gestión', stage: 'needs_platform' },
  approved: { label: 'Aprobada', stage: 'approved' },
  rejected: { label: 'Rechazada', stage: 'rejected' },
};

export function isPendingStatus(status: RequestStatus): boolean {
  return PENDING_REQUEST_STATUSES.includes(status);
}

/**
 * A request's status as each audience reads it. Part 1 "Benefit request statuses": the platform sees a
 * third-party benefit paid with tokens as 'Requiere Gestión'; part 2 "Benefit request": the employee
 * sees every pending variant as 'Pendiente', and so do HR and the providers (they act on it, not on who waits).
 */
export function requestStatusView(status: RequestStatus, audience: RequestAudience): RequestStatusView {
  if (status === 'pending_admin_approval' && audience === 'admin') return VIEWS.needs_platform;
  if (isPendingStatus(status)) return VIEWS.pending;
  return status === 'approved' ? VIEWS.approved : VIEWS.rejected;
}
