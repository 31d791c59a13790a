import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../domain/schemas/me';
import type { SurveyType } from '../../domain/surveys';
import type { CompanySurveySummary, MySurveyA, SurveyAInput, SurveyBInput, SurveyCard, SurveyDetail, SurveySaved } from '../../domain/schemas/surveys';
import { api, queryString } from './client';
import { queryKeys } from './keys';
import { pageQuery, type Paged } from './paging';
import { meQuery } from './session';

/** GET /api/surveys/a/mine: the previous answers, shown again on a retake. */
const mySurveyAQuery = queryOptions({
  queryKey: queryKeys.surveys.mineA(),
  queryFn: ({ signal }) => api.get<MySurveyA>('/api/surveys/a/mine', signal),
  staleTime: 0,
});

export function useMySurveyA(enabled: boolean) {
  return useQuery({ ...mySurveyAQuery, enabled });
}

/**
 * The save marks the survey done on the server; the session's user is updated at once so the
 * route guard lets the user into the employee area without waiting for a refetch.
 */
function useSaveSurvey<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => api.put<SurveySaved>(path, input),
    onSuccess: () => {
      queryClient.setQueryData(meQuery.queryKey, (me: Me | null | undefined) => (me ? { ...me, surveyCompleted: true } : me));
      void queryClient.invalidateQueries({ queryKey: queryKeys.surveys.all });
      // The dashboard's recommendations follow the survey's categories.
      void queryClient.invalidateQueries({ queryKey: queryKeys.employeeDashboard.all });
    },
  });
}

export const useSaveSurveyA = () => useSaveSurvey<SurveyAInput>('/api/surveys/a/mine');
export const useSaveSurveyB = () => useSaveSurvey<SurveyBInput>('/api/surveys/b/mine');

// ───────── level 1: the completed surveys (docs/api.md "Surveys") ─────────

type SurveyListParams = { search: string; type: SurveyType | null; page: number; pageSize: number };

export function useAdminSurveys(params: SurveyListParams) {
  return useQuery({
    queryKey: queryKeys.surveys.adminList(params),
    queryFn: ({ signal }) =>
      api.get<Paged<SurveyCard>>(
        `/api/admin/surveys${queryString({ ...pageQuery(params), type: params.type ?? undefined })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminSurvey(id: string | null) {
  return useQuery({
    queryKey: queryKeys.surveys.adminDetail(id),
    queryFn: ({ signal }) => api.get<SurveyDetail>(`/api/admin/surveys/${id}`, signal),
    enabled: id !== null,
  });
}

export function useCompanySurveySummary(companyId: string | null) {
  return useQuery({
    queryKey: queryKeys.surveys.companySummary(companyId),
    queryFn: ({ signal }) => api.get<CompanySurveySummary>(`/api/admin/companies/${companyId}/survey-summary`, signal),
    enabled: companyId !== null,
    staleTime: 30_000,
  });
}
