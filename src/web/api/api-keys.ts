import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInput, ApiKeyListQuery } from '../../domain/schemas/api-keys';
import { api } from './client';
import { queryKeys } from './keys';

/**
 * The API keys the caller manages (decision 352): HR's company keys; level 1's every key,
 * or one company's (`company`), or the platform's (`company: 'platform'`) — the server decides by level.
 */
const apiKeysQuery = (company: ApiKeyListQuery['company']) =>
  queryOptions({
    queryKey: queryKeys.apiKeys.list(company ?? 'todas'),
    queryFn: ({ signal }) => api.GET('/api-keys', { params: { query: { company } }, signal }),
  });

export function useApiKeys(company?: ApiKeyListQuery['company']) {
  return useQuery(apiKeysQuery(company));
}

/** Every change to a key reads every list of keys again (a filtered one too). */
function useApiKeyMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }) });
}

export function useCreateApiKey() {
  return useApiKeyMutation((input: ApiKeyInput) => api.POST('/api-keys', { body: input }));
}

export function useRevokeApiKey() {
  return useApiKeyMutation((id: string) => api.POST('/api-keys/{id}/revoke', { params: { path: { id } } }));
}

/** 'Confirmar' a suspended key: the caller becomes its responsible (decision 352). */
export function useConfirmApiKey() {
  return useApiKeyMutation((id: string) => api.POST('/api-keys/{id}/confirm', { params: { path: { id } } }));
}
