/**
 * Who approves a request — one rule for the server (redemption, approve/reject) and the web (what the
 * employee is told). Part 2 §4 and decision 14: a company benefit that requires approval waits for its
 * company's HR, a managed platform benefit for the provider that was paid, a third-party one for the
 * platform team; everything else is approved at once. Level 1 may decide any pending request.
 */
import type { BenefitType, RequestStatus } from './constants';

export type Approver = 'company' | 'provider' | 'admin';
type PendingStatus = 'pending' | 'pending_provider_approval' | 'pending_admin_approval';

/** The status a new redemption starts in. `type` is null for a company benefit. */
export function initialRequestStatus(benefit: { type: BenefitType | null; requiresApproval: boolean }): RequestStatus {
  if (benefit.type === null) return benefit.requiresApproval ? 'pending' : 'approved';
  if (benefit.type === 'managed') return 'pending_provider_approval';
  if (benefit.type === 'third_party') return 'pending_admin_approval';
  return 'approved';
}

/** Whose decision a pending status waits for. */
export const APPROVER_OF: Record<PendingStatus, Approver> = {
  pending: 'company',
  pending_provider_approval: 'provider',
  pending_admin_approval: 'admin',
};

export function approverOf(status: RequestStatus): Approver | null {
  return status in APPROVER_OF ? APPROVER_OF[status as PendingStatus] : null;
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
