import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from './client';
import { queryKeys } from './keys';
import { retryTransient } from './press-key';

/** Level 4: the provider portal's server state (docs/api.md "Token economy"). */
const PROVIDER_REQUESTS_LIMIT = 50;

const providerKeys = queryKeys.provider;

/** The history's filters as the screen holds them: a search, calendar days 'YYYY-MM-DD', a page. */
export type ProviderHistoryParams = { search: string; from: string | null; to: string | null; page: number; pageSize: number };

/** The history's filters as the API reads them (the page's rows and the CSV export alike). */
export function providerHistorySearch({ search, from, to }: Pick<ProviderHistoryParams, 'search' | 'from' | 'to'>) {
  return { search: search.trim(), from: from ?? undefined, to: to ?? undefined };
}

/** Where the browser downloads the CSV of the codes the filters select. */
export function providerHistoryExportUrl(filters: Pick<ProviderHistoryParams, 'search' | 'from' | 'to'>): string {
  return apiUrl('/provider/history/export', providerHistorySearch(filters));
}

/** A page of the codes this provider redeemed that match the filters, and the three counts of the stat cards. */
export function providerHistoryQuery(params: ProviderHistoryParams) {
  return queryOptions({
    queryKey: providerKeys.historyPage(params),
    queryFn: ({ signal }) =>
      api.GET('/provider/history', {
        params: { query: { ...providerHistorySearch(params), limit: String(params.pageSize), offset: String((params.page - 1) * params.pageSize) } },
        signal,
      }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export function useProviderHistory(params: ProviderHistoryParams) {
  return useQuery(providerHistoryQuery(params));
}

/** Managed-benefit requests waiting for this provider (`pending_provider_approval`), as the server orders them. */
export const providerRequestsQuery = queryOptions({
  queryKey: providerKeys.requests(),
  queryFn: ({ signal }) => api.GET('/provider/requests', { params: { query: { limit: String(PROVIDER_REQUESTS_LIMIT) } }, signal }),
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
      api.POST('/codes/verify', { body: { code }, headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.history() }),
  });
}

/** What a scanned code is for, before 'Confirmar canje' (decisions 170 and 171); redeems nothing, so it is never retried blindly. */
export function useLookUpCode() {
  return useMutation({ mutationFn: (code: string) => api.POST('/codes/lookup', { body: { code } }) });
}

export type DecideRequestVariables = { requestId: string; decision: 'approve' | 'reject'; idempotencyKey: string };

/** Approves (issues the employee's code) or rejects (refunds the tokens) a managed-benefit request. */
export function useDecideProviderRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision, idempotencyKey }: DecideRequestVariables) =>
      api.POST(`/requests/{id}/${decision}` as const, { params: { path: { id: requestId } }, body: {}, headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerRequestsQuery.queryKey }),
  });
}
