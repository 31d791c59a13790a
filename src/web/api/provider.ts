import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BenefitRequest, CodeLookup, ProviderHistory, VerifyCodeResult } from '../../domain/schemas/economy';
import { api } from './client';
import { queryKeys } from './keys';
import { retryTransient } from './press-key';

/** Level 4: the provider portal's server state (docs/api.md "Token economy"). */
const PROVIDER_REQUESTS_LIMIT = 50;

const providerKeys = queryKeys.provider;

/** The 20 latest codes this provider redeemed, and the three counts of the stat cards. */
export const providerHistoryQuery = queryOptions({
  queryKey: providerKeys.history(),
  queryFn: ({ signal }) => api.get<ProviderHistory>('/api/provider/history', signal),
  staleTime: 15_000,
});

export function useProviderHistory() {
  return useQuery(providerHistoryQuery);
}

export type RequestList = { items: BenefitRequest[]; total: number; pendingCount: number };

/** Managed-benefit requests waiting for this provider (`pending_provider_approval`), as the server orders them. */
export const providerRequestsQuery = queryOptions({
  queryKey: providerKeys.requests(),
  queryFn: ({ signal }) => api.get<RequestList>(`/api/provider/requests?limit=${PROVIDER_REQUESTS_LIMIT}`, signal),
  staleTime: 15_000,
});

export function useProviderRequests() {
  return useQuery(providerRequestsQuery);
}

export type VerifyCodeVariables = { code: string; idempotencyKey: string };

/** Verifies and redeems a code in one step; the history and counts change with it. */
export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, idempotencyKey }: VerifyCodeVariables) =>
      api.post<VerifyCodeResult>('/api/codes/verify', { code }, { 'Idempotency-Key': idempotencyKey }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerHistoryQuery.queryKey }),
  });
}

/** What a scanned code is for, before 'Confirmar canje' (issue 21 §2); redeems nothing, so it is never retried blindly. */
export function useLookUpCode() {
  return useMutation({ mutationFn: (code: string) => api.post<CodeLookup>('/api/codes/lookup', { code }) });
}

export type DecideRequestVariables = { requestId: string; decision: 'approve' | 'reject'; idempotencyKey: string };

/** Approves (issues the employee's code) or rejects (refunds the tokens) a managed-benefit request. */
export function useDecideProviderRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision, idempotencyKey }: DecideRequestVariables) =>
      api.post<BenefitRequest>(`/api/requests/${encodeURIComponent(requestId)}/${decision}`, {}, { 'Idempotency-Key': idempotencyKey }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerRequestsQuery.queryKey }),
  });
}
