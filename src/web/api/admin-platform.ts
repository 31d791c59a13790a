import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordStatus } from '../../domain/constants';
import type { Level } from '../../domain/levels';
import type { AdminUser, Provider, ProviderInput, ProviderInvite, ProviderUpdate, UserLevelChanges, UserSummary } from '../../domain/schemas/admin';
import type { BenefitRequest, PlatformBenefit, ProviderOption, PlatformBenefitInput, PlatformBenefitUpdate, RequestFilter, requestListSchema } from '../../domain/schemas/economy';
import type { z } from 'zod';
import { api, queryString } from './client';
import { queryKeys } from './keys';
import { pageQuery, type Paged, type PageParams } from './paging';
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
    queryFn: ({ signal }) => api.get<Paged<PlatformBenefit>>(`/api/platform-benefits${queryString(pageQuery(params))}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSavePlatformBenefit() {
  return useInvalidating(
    ({ id, values }: { id: string | null; values: PlatformBenefitInput | PlatformBenefitUpdate }) =>
      id ? api.patch<PlatformBenefit>(`/api/platform-benefits/${id}`, values) : api.post<PlatformBenefit>('/api/platform-benefits', values),
    queryKeys.platformBenefits.all,
  );
}

/** The provider accounts a platform benefit can name (at most 200, by name). */
export function useProviderOptions() {
  return useQuery({ queryKey: queryKeys.providers.options(), queryFn: ({ signal }) => api.get<ProviderOption[]>('/api/providers/options', signal), staleTime: 30_000 });
}

export function useSetPlatformBenefitStatus() {
  return useInvalidating(({ id, status }: { id: string; status: RecordStatus }) => api.post<PlatformBenefit>(`/api/platform-benefits/${id}/status`, { status }), queryKeys.platformBenefits.all);
}

// ───────── requests ─────────

type RequestList = z.infer<typeof requestListSchema>;
type AdminRequestParams = PageParams & { filter: RequestFilter };

export function useAdminRequests(params: AdminRequestParams) {
  return useQuery({
    queryKey: queryKeys.adminRequests.list(params),
    queryFn: ({ signal }) => api.get<RequestList>(`/api/admin/requests${queryString({ ...pageQuery(params), filter: params.filter })}`, signal),
    placeholderData: keepPreviousData,
  });
}

type DecideAdminRequestVariables = { requestId: string; decision: 'approve' | 'reject'; text: string | null; idempotencyKey: string };

/** Approves (with the instructions) or rejects (with the reason) a platform request. */
export function useDecideAdminRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision, text, idempotencyKey }: DecideAdminRequestVariables) =>
      api.post<BenefitRequest>(
        `/api/requests/${encodeURIComponent(requestId)}/${decision}`,
        decision === 'approve' ? { adminInstructions: text } : { reason: text },
        { 'Idempotency-Key': idempotencyKey },
      ),
    retry: retryTransient,
    onSuccess: () => Promise.all([queryKeys.adminRequests.all, queryKeys.adminDashboard.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ───────── providers ─────────

export function useProviders(params: PageParams) {
  return useQuery({
    queryKey: queryKeys.providers.list(params),
    queryFn: ({ signal }) => api.get<Paged<Provider>>(`/api/providers${queryString(pageQuery(params))}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreateProvider() {
  return useInvalidating((values: ProviderInput) => api.post<Provider>('/api/providers', values), queryKeys.providers.all);
}

/** 'Invitar por correo' (issue 20 §3): the provider chooses the password from the mail. */
export function useInviteProvider() {
  return useInvalidating((values: ProviderInvite) => api.post<Provider>('/api/providers/invite', values), queryKeys.providers.all);
}

export function useUpdateProvider() {
  return useInvalidating(({ id, values }: { id: string; values: ProviderUpdate }) => api.patch<Provider>(`/api/providers/${id}`, values), queryKeys.providers.all);
}

export function useSetProviderStatus() {
  return useInvalidating(({ id, status }: { id: string; status: RecordStatus }) => api.post<Provider>(`/api/providers/${id}/status`, { status }), queryKeys.providers.all);
}

// ───────── users ─────────

export type AdminUserParams = PageParams & { level?: '1' | '2' | '3' | '4' | 'none' };

export function useAdminUsers(params: AdminUserParams) {
  return useQuery({
    queryKey: queryKeys.adminUsers.list(params),
    queryFn: ({ signal }) => api.get<Paged<AdminUser>>(`/api/admin/users${queryString({ ...pageQuery(params), level: params.level })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserSummary() {
  return useQuery({ queryKey: queryKeys.adminUsers.summary(), queryFn: ({ signal }) => api.get<UserSummary>('/api/admin/users/summary', signal) });
}

/** A user's latest level changes (issue 18 B); under the users key, so a level change refreshes it. */
export function useUserLevelChanges(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.adminUsers.levelChanges(userId),
    enabled: userId !== null,
    queryFn: ({ signal }) => api.get<UserLevelChanges>(`/api/admin/users/${userId}/level-changes`, signal),
  });
}

/** Level 1 removes an account created by mistake; the server refuses one with history (issue 18). */
export function useDeleteUser() {
  return useInvalidating((id: string) => api.delete<{ ok: true }>(`/api/admin/users/${encodeURIComponent(id)}`), queryKeys.adminUsers.all);
}

/** Level 1's pending invitations (issue 20 §3): a new 7-day link, or the account removed. */
export function useResendAdminInvitation() {
  return useInvalidating((id: string) => api.post<{ ok: true }>(`/api/admin/users/${encodeURIComponent(id)}/invitation/resend`, {}), queryKeys.adminUsers.all);
}

export function useRevokeAdminInvitation() {
  return useInvalidating((id: string) => api.delete<{ ok: true }>(`/api/admin/users/${encodeURIComponent(id)}/invitation`), queryKeys.adminUsers.all);
}

export function useSetUserLevel() {
  return useInvalidating(({ id, level }: { id: string; level: Level | null }) => api.put<AdminUser>(`/api/admin/users/${id}/level`, { level }), queryKeys.adminUsers.all);
}

/** Level 1's CSV exports (issue 23 §7), downloaded by the browser: the same format as HR's. */
export const ADMIN_CSV_URLS = {
  users: '/api/admin/users/export',
  requests: '/api/admin/requests/export',
  tokenHistory: '/api/admin/tokens/history/export',
  redemptionsByProvider: '/api/admin/redemptions/by-provider/export',
} as const;
