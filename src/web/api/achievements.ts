import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AchievementAnalysis, AchievementConditionType, AchievementRule, AchievementRuleInput, RuleQualifying } from '../../domain/schemas/engine';
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
export const useUpdateRule = () =>
  useRuleMutation(({ id, input }: { id: string; input: AchievementRuleInput }) => api.put<AchievementRule>(`/api/achievement-rules/${id}`, input));

export type QualifyingParams = { conditionType: AchievementConditionType; conditionValue: number | null; conditionMinUsers: number | null; ruleId?: string };

/** 'Hoy la cumplirían' (issue 23 §5): counted by the server for the condition as typed; null waits for a valid one. */
export function useRuleQualifying(params: QualifyingParams | null) {
  return useQuery({
    queryKey: achievementKeys.qualifying(params ?? {}),
    queryFn: () => api.post<RuleQualifying>('/api/achievement-rules/qualifying', params),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
