import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AchievementAnalysis, AchievementRule, AchievementRuleInput } from '../../domain/schemas/engine';
import { api } from './client';
import { queryKeys } from './keys';
import type { Paged } from './paging';

const achievementKeys = queryKeys.achievements;

export function useAchievementRules(page: number, pageSize: number) {
  return useQuery({
    queryKey: achievementKeys.rules(page, pageSize),
    queryFn: ({ signal }) => api.get<Paged<AchievementRule>>(`/api/achievement-rules?limit=${pageSize}&offset=${(page - 1) * pageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

const analysisQuery = queryOptions({
  queryKey: achievementKeys.analysis(),
  queryFn: ({ signal }) => api.get<AchievementAnalysis>('/api/achievements/analysis', signal),
});

export function useAchievementAnalysis(enabled: boolean) {
  return useQuery({ ...analysisQuery, enabled });
}

function useRuleMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: achievementKeys.all }) });
}

export const useCreateRule = () => useRuleMutation((input: AchievementRuleInput) => api.post<AchievementRule>('/api/achievement-rules', input));
export const useSetRuleStatus = () =>
  useRuleMutation(({ id, status }: { id: string; status: 'active' | 'inactive' }) => api.post<AchievementRule>(`/api/achievement-rules/${id}/status`, { status }));
export const useDeleteRule = () => useRuleMutation((id: string) => api.delete<{ deleted: true }>(`/api/achievement-rules/${id}`));
