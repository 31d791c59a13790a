import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordStatus } from '../../domain/constants';
import type { Level } from '../../domain/levels';
import type { ProviderInput, ProviderInvite, ProviderUpdate } from '../../domain/schemas/admin';
import type { PlatformBenefitInput, PlatformBenefitUpdate, RequestFilter } from '../../domain/schemas/economy';
import { api, apiUrl } from './client';
import { queryKeys } from './keys';
import { pageQuery, type PageParams } from './paging';
import { retryTransient } from './press-key';
import { adminDashboardQuery } from './first-data';

/** Level 1: platform benefits, requests, providers, users and the dashboard (docs/api.md "Platform administration"). */

/** A mutation that reads the given lists (and the dashboard, whose figures follow them) again. */
function useInvalidating<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, ...lists: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([...lists, queryKeys.adminDashboard.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ───────── dashboard ─────────

export const useAdminDashboard = () => useQuery(adminDashboardQuery);

// ───────── platform benefits ─────────

export function usePlatformBenefits(params: PageParams) {
  return useQuery({
    queryKey: queryKeys.platformBenefits.list(params),
    queryFn: ({ signal }) => api.GET('/platform-benefits', { params: { query: pageQuery(params) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSavePlatformBenefit() {
  return useInvalidating(
    ({ id, values }: { id: string | null; values: PlatformBenefitInput | PlatformBenefitUpdate }) =>
      id ? api.PATCH('/platform-benefits/{id}', { params: { path: { id } }, body: values }) : api.POST('/platform-benefits', { body: values as PlatformBenefitInput }),
    queryKeys.platformBenefits.all,
  );
}

/** The provider accounts a platform benefit can name (at most 200, by name). */
export function useProviderOptions() {
  return useQuery({ queryKey: queryKeys.providers.options(), queryFn: ({ signal }) => api.GET('/providers/options', { signal }), staleTime: 30_000 });
}

export function useSetPlatformBenefitStatus() {
  return useInvalidating(({ id, status }: { id: string; status: RecordStatus }) => api.POST('/platform-benefits/{id}/status', { params: { path: { id } }, body: { status } }), queryKeys.platformBenefits.all);
}

// ───────── requests ─────────

type AdminRequestParams = PageParams & { filter: RequestFilter };

export function useAdminRequests(params: AdminRequestParams) {
  return useQuery({
    queryKey: queryKeys.adminRequests.list(params),
    queryFn: ({ signal }) => api.GET('/admin/requests', { params: { query: { ...pageQuery(params), filter: params.filter } }, signal }),
    placeholderData: keepPreviousData,
  });
}

type DecideAdminRequestVariables = { requestId: string; decision: 'approve' | 'reject'; text: string | null; idempotencyKey: string };

/** Approves (with the instructions) or rejects (with the reason) a platform request. */
export function useDecideAdminRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision, text, idempotencyKey }: DecideAdminRequestVariables) =>
      decision === 'approve'
        ? api.POST('/requests/{id}/approve', { params: { path: { id: requestId } }, body: { adminInstructions: text }, headers: { 'Idempotency-Key': idempotencyKey } })
        : api.POST('/requests/{id}/reject', { params: { path: { id: requestId } }, body: { reason: text }, headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: retryTransient,
    onSuccess: () => Promise.all([queryKeys.adminRequests.all, queryKeys.adminDashboard.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ───────── providers ─────────

export function useProviders(params: PageParams) {
  return useQuery({
    queryKey: queryKeys.providers.list(params),
    queryFn: ({ signal }) => api.GET('/providers', { params: { query: pageQuery(params) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateProvider() {
  return useInvalidating((values: ProviderInput) => api.POST('/providers', { body: values }), queryKeys.providers.all);
}

/** 'Invitar por correo' (decision 212): the provider chooses the password from the mail. */
export function useInviteProvider() {
  return useInvalidating((values: ProviderInvite) => api.POST('/providers/invite', { body: values }), queryKeys.providers.all);
}

export function useUpdateProvider() {
  return useInvalidating(({ id, values }: { id: string; values: ProviderUpdate }) => api.PATCH('/providers/{id}', { params: { path: { id } }, body: values }), queryKeys.providers.all);
}

export function useSetProviderStatus() {
  return useInvalidating(({ id, status }: { id: string; status: RecordStatus }) => api.POST('/providers/{id}/status', { params: { path: { id } }, body: { status } }), queryKeys.providers.all);
}

// ───────── users ─────────

export type AdminUserParams = PageParams & { level?: '1' | '2' | '3' | '4' | 'none' };

export function useAdminUsers(params: AdminUserParams) {
  return useQuery({
    queryKey: queryKeys.adminUsers.list(params),
    queryFn: ({ signal }) => api.GET('/admin/users', { params: { query: { ...pageQuery(params), level: params.level } }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserSummary() {
  return useQuery({ queryKey: queryKeys.adminUsers.summary(), queryFn: ({ signal }) => api.GET('/admin/users/summary', { signal }) });
}

/** A user's latest level changes (decisions 121 and 122); under the users key, so a level change refreshes it. */
export function useUserLevelChanges(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.adminUsers.levelChanges(userId),
    enabled: userId !== null,
    queryFn: ({ signal }) => api.GET('/admin/users/{id}/level-changes', { params: { path: { id: userId! } }, signal }),
  });
}

/** Level 1 removes an account created by mistake; the server refuses one with history. */
export function useDeleteUser() {
  return useInvalidating((id: string) => api.DELETE('/admin/users/{id}', { params: { path: { id } } }), queryKeys.adminUsers.all);
}

/** Level 1's pending invitations (decision 212): a new 7-day link, or the account removed. */
export function useResendAdminInvitation() {
  return useInvalidating((id: string) => api.POST('/admin/users/{id}/invitation/resend', { params: { path: { id } } }), queryKeys.adminUsers.all);
}

export function useRevokeAdminInvitation() {
  return useInvalidating((id: string) => api.DELETE('/admin/users/{id}/invitation', { params: { path: { id } } }), queryKeys.adminUsers.all);
}

export function useSetUserLevel() {
  return useInvalidating(({ id, level }: { id: string; level: Level | null }) => api.PUT('/admin/users/{id}/level', { params: { path: { id } }, body: { level } }), queryKeys.adminUsers.all);
}

/** Level 1's CSV exports (decision 272), downloaded by the browser: the same format as HR's. */
export const ADMIN_CSV_URLS = {
  users: apiUrl('/admin/users/export'),
  requests: apiUrl('/admin/requests/export'),
  tokenHistory: apiUrl('/admin/tokens/history/export'),
  redemptionsByProvider: apiUrl('/admin/redemptions/by-provider/export'),
};
