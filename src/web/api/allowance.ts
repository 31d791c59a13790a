import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

/** HR's monthly allowance; 'monthly-allowance' is also refreshed by the live stream's balances. */
const companyAllowanceQuery = queryOptions({
  queryKey: queryKeys.monthlyAllowance.company(),
  queryFn: ({ signal }) => api.GET('/company/monthly-allowance', { signal }),
});

export function useCompanyAllowance() {
  return useQuery(companyAllowanceQuery);
}

export function useSetCompanyAllowance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api.PUT('/company/monthly-allowance', { body: { amount } }),
    onSuccess: (data) => queryClient.setQueryData(companyAllowanceQuery.queryKey, data),
  });
}

export function useGrantCompanyAllowanceNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/company/monthly-allowance/grant'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.monthlyAllowance.all }),
  });
}
