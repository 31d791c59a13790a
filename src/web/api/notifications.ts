import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

/** The bell: every notification query lives under one prefix, refreshed together. */
const notificationKeys = queryKeys.notifications;

const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => api.GET('/notifications/unread-count', { signal }),
  staleTime: 30_000,
});

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery, enabled });
}

export function useNotifications(limit: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => api.GET('/notifications', { params: { query: { limit: String(limit) } }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST('/notifications/{id}/read', { params: { path: { id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
