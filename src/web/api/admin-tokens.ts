import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { assignResultSchema, EmployeeBalance } from '../../domain/schemas/economy';
import { api } from './client';
import { queryKeys } from './keys';
import { pageQuery } from './paging';
import { retryTransient } from './press-key';

/** Level 1: token management (docs/api.md "Token economy"). */
const adminTokenKeys = queryKeys.adminTokens;
export type AssignResult = z.infer<typeof assignResultSchema>;

type EmployeeSearch = { search: string; limit?: number };

/** Level 3 users with both balances, found by name or email. */
const adminEmployeesQuery = (params: EmployeeSearch) =>
  queryOptions({
    queryKey: adminTokenKeys.employeeList(params),
    queryFn: ({ signal }) =>
      api.GET('/admin/employees', { params: { query: { search: params.search.trim(), limit: String(params.limit ?? 20) } }, signal }),
    staleTime: 10_000,
  });

export function useAdminEmployees(params: EmployeeSearch) {
  return useQuery({ ...adminEmployeesQuery(params), placeholderData: keepPreviousData });
}

/**
 * The chosen user's current balances, read again after every change: the search by email of
 * the one user, kept fresh by the same invalidation as the list.
 */
export function useAdminEmployee(employee: Pick<EmployeeBalance, 'id' | 'email'> | null) {
  return useQuery({
    ...adminEmployeesQuery({ search: employee?.email ?? '', limit: 5 }),
    enabled: employee !== null,
    select: (page) => page.items.find((item) => item.id === employee?.id) ?? null,
  });
}

export type TokenHistoryType = 'all' | 'add' | 'remove' | 'used';
type TokenHistoryParams = { type: TokenHistoryType; search: string; page: number; pageSize: number; userId?: string };

const adminTokenHistoryQuery = (params: TokenHistoryParams) =>
  queryOptions({
    queryKey: adminTokenKeys.historyList(params),
    queryFn: ({ signal }) =>
      api.GET('/admin/tokens/history', { params: { query: { ...pageQuery(params), type: params.type, userId: params.userId } }, signal }),
    staleTime: 10_000,
  });

export function useAdminTokenHistory(params: TokenHistoryParams) {
  return useQuery({ ...adminTokenHistoryQuery(params), placeholderData: keepPreviousData });
}

type AdminTokensVariables = {
  action: 'add' | 'remove';
  userId: string;
  amount: number;
  reason: string | null;
  idempotencyKey: string;
};

/** Adds or removes flexible tokens; balances and history are read again afterwards. */
export function useAdminTokensChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, idempotencyKey, ...input }: AdminTokensVariables) =>
      api.POST(`/admin/tokens/${action}` as const, { body: input, headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: retryTransient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTokenKeys.employees() }),
        queryClient.invalidateQueries({ queryKey: adminTokenKeys.history() }),
      ]),
  });
}
