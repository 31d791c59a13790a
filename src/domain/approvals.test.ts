import { describe, expect, it } from 'vitest';
import { approverOf, initialRequestStatus, statusesDecidedBy } from './approvals';

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
});
