/** Webhooks out (issue 22 §2): the caller's endpoints (its company's, or the platform's at level 1), their secrets and delivery logs. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInput, WebhookSecret } from '../../domain/schemas/webhooks';
import { api } from './client';
import { queryKeys } from './keys';
import type { Paged } from './paging';

const keys = queryKeys.webhooks;
const base = '/api/webhooks/endpoints';

export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints(), queryFn: ({ signal }) => api.get<WebhookEndpoint[]>(base, signal) });
}

/** The secret is read only while its dialog is open, and never kept after it closes. */
export function useWebhookSecret(endpointId: string | null) {
  return useQuery({
    queryKey: keys.secret(endpointId),
    queryFn: ({ signal }) => api.get<WebhookSecret>(`${base}/${endpointId}/secret`, signal),
    enabled: endpointId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** Refreshes every 2 s while a delivery is on its way, so the log shows how it ended. */
export function useWebhookDeliveries(endpointId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.deliveries(endpointId, page, pageSize),
    queryFn: ({ signal }) => api.get<Paged<WebhookDelivery>>(`${base}/${endpointId}/deliveries?limit=${pageSize}&offset=${(page - 1) * pageSize}`, signal),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'sending' || (d.status === 'pending' && d.attempts === 0)) ? 2000 : false),
  });
}

function useWebhookMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useCreateWebhookEndpoint = () => useWebhookMutation((input: WebhookEndpointInput) => api.post<WebhookEndpoint>(base, input));
export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, input }: { id: string; input: WebhookEndpointInput }) => api.put<WebhookEndpoint>(`${base}/${id}`, input));
export const useSetWebhookEndpointStatus = () =>
  useWebhookMutation(({ id, status }: { id: string; status: 'active' | 'inactive' }) => api.post<WebhookEndpoint>(`${base}/${id}/status`, { status }));
export const useRotateWebhookSecret = () => useWebhookMutation((id: string) => api.post<WebhookSecret>(`${base}/${id}/rotate-secret`));
export const useSendWebhookTest = () => useWebhookMutation((id: string) => api.post<WebhookDelivery>(`${base}/${id}/test`));
export const useRetryWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) => api.post<WebhookDelivery>(`${base}/${endpointId}/deliveries/${deliveryId}/retry`));
