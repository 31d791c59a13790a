import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthlyAllowance, MonthlyGrantResult } from '../../domain/schemas/engine';
import { api } from './client';
import { queryKeys } from './keys';

/** HR's monthly allowance (issue 10); 'monthly-allowance' is also refreshed by the live stream's balances. */
const companyAllowanceQuery = queryOptions({
  queryKey: queryKeys.monthlyAllowance.company(),
  queryFn: ({ signal }) => api.get<MonthlyAllowance>('/api/company/monthly-allowance', signal),
});

export function useCompanyAllowance() {
  return useQuery(companyAllowanceQuery);
}

export function useSetCompanyAllowance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api.put<MonthlyAllowance>('/api/company/monthly-allowance', { amount }),
    onSuccess: (data) => queryClient.setQueryData(companyAllowanceQuery.queryKey, data),
  });
}

export function useGrantCompanyAllowanceNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MonthlyGrantResult>('/api/company/monthly-allowance/grant'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.monthlyAllowance.all }),
  });
}
