import { describe, expect, it } from 'vitest';
import { approverOf, initialRequestStatus, instructionsRequired, isPendingStatus, requestStage, statusesDecidedBy } from './request-lifecycle';

describe('who approves a request', () => {
  it('starts each kind of benefit in its status', () => {
    expect(initialRequestStatus({ type: null, requiresApproval: false })).toBe('approved');
    expect(initialRequestStatus({ type: null, requiresApproval: true })).toBe('pending');
    expect(initialRequestStatus({ type: 'automatic', requiresApproval: false })).toBe('approved');
    expect(initialRequestStatus({ type: 'managed', requiresApproval: false })).toBe('pending_provider_approval');
    expect(initialRequestStatus({ type: 'third_party', requiresApproval: false })).toBe('pending_admin_approval');
  });

  it('names the approver of each pending status, and none of a decided one', () => {
    expect(approverOf('pending')).toBe('company');
    expect(approverOf('pending_provider_approval')).toBe('provider');
    expect(approverOf('pending_admin_approval')).toBe('admin');
    expect(approverOf('approved')).toBeNull();
    expect(approverOf('rejected')).toBeNull();
  });

  it('lets HR and providers decide only their own lane, and level 1 every pending request', () => {
    expect(statusesDecidedBy('company')).toEqual(['pending']);
    expect(statusesDecidedBy('provider')).toEqual(['pending_provider_approval']);
    expect(statusesDecidedBy('admin').sort()).toEqual(['pending', 'pending_admin_approval', 'pending_provider_approval']);
  });

  it('calls the three waiting statuses pending, and every status one of three stages', () => {
    expect(['pending', 'pending_provider_approval', 'pending_admin_approval'].every(isPendingStatus)).toBe(true);
    expect(isPendingStatus('approved')).toBe(false);
    expect(isPendingStatus('rejected')).toBe(false);
    expect(requestStage('pending_admin_approval')).toBe('pending');
    expect(requestStage('pending_provider_approval')).toBe('pending');
    expect(requestStage('approved')).toBe('approved');
    expect(requestStage('rejected')).toBe('rejected');
  });

  it('asks for instructions only to approve a token-paid request awaiting the platform', () => {
    expect(instructionsRequired({ status: 'pending_admin_approval', paidWithTokens: true })).toBe(true);
    expect(instructionsRequired({ status: 'pending_admin_approval', paidWithTokens: false })).toBe(false);
    expect(instructionsRequired({ status: 'pending_provider_approval', paidWithTokens: true })).toBe(false);
    expect(instructionsRequired({ status: 'pending', paidWithTokens: true })).toBe(false);
  });
});
