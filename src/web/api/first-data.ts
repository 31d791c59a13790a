import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API, firstDataOf, type FirstDataAddress } from '../../domain/first-data';
import { api, underApi } from './client';
import { employeeDashboardQuery } from './employee';
import { queryKeys } from './keys';
import { balancesQuery } from './session';

/** GET /api/company/dashboard: HR's dashboard. Here, not in hr.ts, so the main chunk need not carry HR's module. */
export const hrDashboardQuery = queryOptions({
  queryKey: queryKeys.hr.dashboard(),
  queryFn: ({ signal }) => api.GET(underApi(API.hrDashboard), { signal }),
  staleTime: 10_000,
});

/** GET /api/admin/dashboard: level 1's dashboard. Here, not in admin-platform.ts, for the same reason. */
export const adminDashboardQuery = queryOptions({
  queryKey: queryKeys.adminDashboard.all,
  queryFn: ({ signal }) => api.GET(underApi(API.adminDashboard), { signal }),
  staleTime: 10_000,
});

/** The query each preloaded address answers: the one the screen itself runs first (decision 331). */
const PREFETCH: Record<FirstDataAddress, (queryClient: QueryClient) => Promise<void>> = {
  [API.balances]: (queryClient) => queryClient.prefetchQuery(balancesQuery),
  [API.employeeDashboard]: (queryClient) => queryClient.prefetchQuery(employeeDashboardQuery),
  [API.hrDashboard]: (queryClient) => queryClient.prefetchQuery(hrDashboardQuery),
  [API.adminDashboard]: (queryClient) => queryClient.prefetchQuery(adminDashboardQuery),
};

/**
 * Runs the first queries of the screen at `pathname` — the answers its HTML asked the server for
 * (decision 147) — before the app's first render, so that render draws the screen with its data
 * instead of its skeleton first (decision 331). Resolves when they have settled; never rejects (a
 * failure is the query's, and the screen shows it).
 */
export function prefetchFirstData(queryClient: QueryClient, pathname: string): Promise<unknown> {
  return Promise.all(firstDataOf(pathname).map((address) => PREFETCH[address](queryClient)));
}
