import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyInput, ApiKeyList, CreatedApiKey } from '../../domain/schemas/api-keys';
import { api } from './client';
import { queryKeys } from './keys';

/** The caller's API keys (issue 22 §1): HR's company keys, or level 1's platform keys — the server decides by level. */
const apiKeysQuery = queryOptions({
  queryKey: queryKeys.apiKeys.all,
  queryFn: ({ signal }) => api.get<ApiKeyList>('/api/api-keys', signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => api.post<CreatedApiKey>('/api/api-keys', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiKey>(`/api/api-keys/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}
