import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../domain/schemas/engine';
import { api } from './client';
import { queryKeys } from './keys';
import type { Paged } from './paging';

/** The bell (issue 10): every notification query lives under one prefix, refreshed together. */
const notificationKeys = queryKeys.notifications;

const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => api.get<{ unread: number }>('/api/notifications/unread-count', signal),
  staleTime: 30_000,
});

export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQuery, enabled });
}

export function useNotifications(limit: number, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => api.get<Paged<Notification>>(`/api/notifications?limit=${limit}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Notification>(`/api/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>('/api/notifications/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
