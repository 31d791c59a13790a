/**
 * A benefit request's lifecycle, the one place for its rules (decisions 159 and 164): the status it starts in,
 * what is pending, who approves it, when approving needs instructions, and where it stands for any
 * reader — for the server (redemption, lists, approve/reject, notifications) and the web (what each
 * screen shows). Spec part 2 §4 and decision 14: a company benefit that requires approval waits for its
 * company's HR, a managed platform benefit for the provider that was paid, a third-party one for the
 * platform team; everything else is approved at once. Level 1 may decide any pending request.
 */
import type { BenefitType, RequestStatus } from './constants';

type Approver = 'company' | 'provider' | 'admin';
type PendingStatus = 'pending' | 'pending_provider_approval' | 'pending_admin_approval';

/** The status a new redemption starts in. `type` is null for a company benefit. */
export function initialRequestStatus(benefit: { type: BenefitType | null; requiresApproval: boolean }): RequestStatus {
  if (benefit.type === null) return benefit.requiresApproval ? 'pending' : 'approved';
  if (benefit.type === 'managed') return 'pending_provider_approval';
  if (benefit.type === 'third_party') return 'pending_admin_approval';
  return 'approved';
}

/** Whose decision a pending status waits for. */
const APPROVER_OF: Record<PendingStatus, Approver> = {
  pending: 'company',
  pending_provider_approval: 'provider',
  pending_admin_approval: 'admin',
};

/** What is pending: the statuses that wait for an approver (lists' 'Pendientes', the dashboards' counts). */
export const PENDING_REQUEST_STATUSES = Object.keys(APPROVER_OF) as PendingStatus[];

export function approverOf(status: RequestStatus): Approver | null {
  return isPendingStatus(status) ? APPROVER_OF[status] : null;
}

/** The statuses each kind of processor may move a request out of: its own, and level 1 every one. */
export function statusesDecidedBy(processor: Approver): RequestStatus[] {
  const pending = Object.keys(APPROVER_OF) as PendingStatus[];
  return processor === 'admin' ? pending : pending.filter((status) => APPROVER_OF[status] === processor);
}

/** What the employee reads about who reviews a pending request (decision 19). */
export const APPROVER_NOTICE: Record<Approver, string> = {
  company: 'La revisará Recursos Humanos de tu empresa.',
  provider: 'La revisará el proveedor del beneficio.',
  admin: 'La revisará el equipo de Jobby.',
};

/** A pending status: one that waits for an approver. */
export function isPendingStatus(status: string): status is PendingStatus {
  return status in APPROVER_OF;
}

/**
 * Where a request stands, whoever reads it: waiting, approved or rejected. Each audience's label
 * (HR's 'Pendiente', level 1's 'Requiere Gestión'…) is a name for one of these, or for the pending
 * status itself where the audience tells the approvers apart.
 */
export type RequestStage = 'pending' | 'approved' | 'rejected';
export function requestStage(status: RequestStatus): RequestStage {
  if (isPendingStatus(status)) return 'pending';
  return status === 'rejected' ? 'rejected' : 'approved';
}

/**
 * Spec part 1 §5: approving a token-paid request that awaits the platform needs the instructions the
 * employee will read (INSTRUCTIONS_REQUIRED); any other approval may carry them or not.
 */
export function instructionsRequired(request: { status: string; paidWithTokens: boolean }): boolean {
  return request.status === 'pending_admin_approval' && request.paidWithTokens;
}

/** Who reads a request's status: the employee (level 3), HR (2), the platform (1) or a provider (4). */
export type RequestAudience = 'employee' | 'hr' | 'admin' | 'provider';

/** How a status shows: its stage, or for level 1 a token-paid third-party request that waits on the platform's own work. */
export type RequestStatusTone = RequestStage | 'needs_platform';
type RequestStatusView = { label: string; tone: RequestStatusTone };

const STATUS_VIEWS: Record<RequestStatusTone, RequestStatusView> = {
  pending: { label: 'Pendiente', tone: 'pending' },
  needs_platform: { label: 'Requiere Gestión', tone: 'needs_platform' },
  approved: { label: 'Aprobada', tone: 'approved' },
  rejected: { label: 'Rechazada', tone: 'rejected' },
};

/**
 * A request's status as each audience reads it. Part 1 "Benefit request statuses": the platform sees a
 * third-party benefit awaiting it as 'Requiere Gestión'; part 2 "Benefit request": the employee sees
 * every pending variant as 'Pendiente', and so do HR and the providers (they act on it, not on who waits).
 */
export function requestStatusView(status: RequestStatus, audience: RequestAudience): RequestStatusView {
  if (status === 'pending_admin_approval' && audience === 'admin') return STATUS_VIEWS.needs_platform;
  return STATUS_VIEWS[requestStage(status)];
}
