import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {  AchievementConditionType,  AchievementRuleInput } from '../../domain/schemas/engine';
import { api } from './client';
import { queryKeys } from './keys';

const achievementKeys = queryKeys.achievements;

export function useAchievementRules(page: number, pageSize: number) {
  return useQuery({
    queryKey: achievementKeys.rules(page, pageSize),
    queryFn: ({ signal }) => api.GET('/achievement-rules', { params: { query: { limit: String(pageSize), offset: String((page - 1) * pageSize) } }, signal }),
    placeholderData: keepPreviousData,
  });
}

const analysisQuery = queryOptions({
  queryKey: achievementKeys.analysis(),
  queryFn: ({ signal }) => api.GET('/achievements/analysis', { signal }),
});

export function useAchievementAnalysis(enabled: boolean) {
  return useQuery({ ...analysisQuery, enabled });
}

function useRuleMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: achievementKeys.all }) });
}

export const useCreateRule = () => useRuleMutation((input: AchievementRuleInput) => api.POST('/achievement-rules', { body: input }));
export const useSetRuleStatus = () =>
  useRuleMutation(({ id, status }: { id: string; status: 'active' | 'inactive' }) => api.POST('/achievement-rules/{id}/status', { params: { path: { id } }, body: { status } }));
export const useDeleteRule = () => useRuleMutation((id: string) => api.DELETE('/achievement-rules/{id}', { params: { path: { id } } }));
export const useUpdateRule = () =>
  useRuleMutation(({ id, input }: { id: string; input: AchievementRuleInput }) => api.PUT('/achievement-rules/{id}', { params: { path: { id } }, body: input }));

export type QualifyingParams = { conditionType: AchievementConditionType; conditionValue: number | null; conditionMinUsers: number | null; ruleId?: string };

/** 'Hoy la cumplirían' (decisions 204 and 205): counted by the server for the condition as typed; null waits for a valid one. */
export function useRuleQualifying(params: QualifyingParams | null) {
  return useQuery({
    queryKey: achievementKeys.qualifying(params ?? {}),
    queryFn: () => api.POST('/achievement-rules/qualifying', { body: params! }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
