/** Webhooks out: the caller's endpoints (its company's, or the platform's at level 1), their secrets and delivery logs. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointInput } from '../../domain/schemas/webhooks';
import { api } from './client';
import { queryKeys } from './keys';

const keys = queryKeys.webhooks;

export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints(), queryFn: ({ signal }) => api.GET('/webhooks/endpoints', { signal }) });
}

/** The secret is read only while its dialog is open, and never kept after it closes. */
export function useWebhookSecret(endpointId: string | null) {
  return useQuery({
    queryKey: keys.secret(endpointId),
    queryFn: ({ signal }) => api.GET('/webhooks/endpoints/{id}/secret', { params: { path: { id: endpointId! } }, signal }),
    enabled: endpointId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Refreshes every 2 s while a delivery is on its way, so the log shows how it ended. */
export function useWebhookDeliveries(endpointId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.deliveries(endpointId, page, pageSize),
    queryFn: ({ signal }) => api.GET('/webhooks/endpoints/{id}/deliveries', { params: { path: { id: endpointId! }, query: { limit: String(pageSize), offset: String((page - 1) * pageSize) } }, signal }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'sending' || (d.status === 'pending' && d.attempts === 0)) ? 2000 : false),
  });
}

function useWebhookMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation((input: WebhookEndpointInput) => api.POST('/webhooks/endpoints', { body: input }));
export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, input }: { id: string; input: WebhookEndpointInput }) => api.PUT('/webhooks/endpoints/{id}', { params: { path: { id } }, body: input }));
export const useSetWebhookEndpointStatus = () =>
  useWebhookMutation(({ id, status }: { id: string; status: 'active' | 'inactive' }) => api.POST('/webhooks/endpoints/{id}/status', { params: { path: { id } }, body: { status } }));
export const useRotateWebhookSecret = () => useWebhookMutation((id: string) => api.POST('/webhooks/endpoints/{id}/rotate-secret', { params: { path: { id } } }));
export const useSendWebhookTest = () => useWebhookMutation((id: string) => api.POST('/webhooks/endpoints/{id}/test', { params: { path: { id } } }));
export const useRetryWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) => api.POST('/webhooks/endpoints/{id}/deliveries/{deliveryId}/retry', { params: { path: { id: endpointId, deliveryId } } }));
