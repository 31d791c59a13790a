/** Level 1's dead events (decision 366): the background events the workers gave up on, and 'Reintentar'. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

const keys = queryKeys.deadEvents;
const PAGE_SIZE = 20;

/** One page, newest death first, after `cursor` (null: the first page). */
export function useDeadEvents(cursor: string | null) {
  return useQuery({
    queryKey: keys.list(cursor),
    queryFn: ({ signal }) => api.GET('/admin/events/dead', { params: { query: { limit: String(PAGE_SIZE), cursor: cursor ?? undefined } }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryDeadEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.POST('/admin/events/{id}/retry', { params: { path: { id: String(id) } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
