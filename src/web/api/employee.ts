import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueSort, RedeemInput } from '../../domain/schemas/economy';
import type { Balances } from '../../domain/schemas/me';
import { api, underApi } from './client';
import { queryKeys } from './keys';
import { balancesQuery } from './session';
import { API } from '../../domain/first-data';

/** The catalogue's finders (decision 273): a name search, the order, and 'Me alcanza'. */
export type CatalogueFinders = { search: string; sort: CatalogueSort; affordable: boolean };
export const NO_FINDERS: CatalogueFinders = { search: '', sort: 'featured', affordable: false };

/** GET /api/catalogue: active platform benefits, the own company's benefits, and both balances, as the finders select them. */
function catalogueQuery(finders: CatalogueFinders) {
  const query = {
    search: finders.search.trim(),
    sort: finders.sort !== 'featured' ? finders.sort : undefined,
    affordable: finders.affordable ? ('true' as const) : undefined,
  };
  return queryOptions({
    queryKey: queryKeys.catalogue.list(finders),
    queryFn: ({ signal }) => api.GET('/catalogue', { params: { query }, signal }),
    staleTime: 30_000,
    // The cards stay while a new search loads (the carousel does not flash its loading state).
    placeholderData: keepPreviousData,
  });
}

export function useCatalogue(options: { enabled?: boolean; finders?: CatalogueFinders } = {}) {
  return useQuery({ ...catalogueQuery(options.finders ?? NO_FINDERS), enabled: options.enabled ?? true });
}

/** GET /api/me/dashboard: the employee dashboard in one answer. */
export const employeeDashboardQuery = queryOptions({
  queryKey: queryKeys.employeeDashboard.all,
  queryFn: ({ signal }) => api.GET(underApi(API.employeeDashboard), { signal }),
  staleTime: 30_000,
});

export function useEmployeeDashboard() {
  return useQuery(employeeDashboardQuery);
}

export type MyRequestsFilter = 'all' | 'pending';
type MyRequestsParams = { filter: MyRequestsFilter; limit: number; offset: number };

/** GET /api/requests/mine; every page and filter lives under one prefix so a redemption refreshes them all. */
const myRequestsQuery = {
  key: queryKeys.myRequests.all,
  list: (params: MyRequestsParams) =>
    queryOptions({
      queryKey: queryKeys.myRequests.list(params),
      queryFn: ({ signal }) =>
        api.GET('/requests/mine', { params: { query: { filter: params.filter, limit: String(params.limit), offset: String(params.offset) } }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export function useMyRequests(params: MyRequestsParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...myRequestsQuery.list(params), enabled: options.enabled ?? true });
}

type RedeemVariables = { input: RedeemInput; idempotencyKey: string };

/**
 * POST /api/redemptions. The caller owns the Idempotency-Key: it is made when the user presses the button
 * and sent again, unchanged, when that same press is retried (ARCHITECTURE §4).
 */
export function useRedeemBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: RedeemVariables) =>
      api.POST('/redemptions', { body: input, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (result) => {
      // The answer carries the new balances: show them in the header at once.
      queryClient.setQueryData(balancesQuery.queryKey, (old: Balances | undefined) =>
        old ? { ...old, jobby: result.balances.jobby, company: result.balances.company } : old,
      );
    },
    // Also after a failure: a refusal (stock, limit, balance) or a lost answer means the cards may be stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all });
      void queryClient.invalidateQueries({ queryKey: balancesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: myRequestsQuery.key });
      void queryClient.invalidateQueries({ queryKey: employeeDashboardQuery.queryKey });
    },
  });
}
