import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../domain/schemas/me';
import type { SurveyType } from '../../domain/surveys';
import type { SurveyAInput, SurveyBInput } from '../../domain/schemas/surveys';
import { api } from './client';
import { queryKeys } from './keys';
import { pageQuery } from './paging';
import { meQuery } from './session';

/** GET /api/surveys/a/mine: the previous answers, shown again on a retake. */
const mySurveyAQuery = queryOptions({
  queryKey: queryKeys.surveys.mineA(),
  queryFn: ({ signal }) => api.GET('/surveys/a/mine', { signal }),
  staleTime: 0,
});

export function useMySurveyA(enabled: boolean) {
  return useQuery({ ...mySurveyAQuery, enabled });
}

/**
 * The save marks the survey done on the server; the session's user is updated at once so the
 * route guard lets the user into the employee area without waiting for a refetch.
 */
function useSaveSurvey<T>(save: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      queryClient.setQueryData(meQuery.queryKey, (me: Me | null | undefined) => (me ? { ...me, surveyCompleted: true } : me));
      void queryClient.invalidateQueries({ queryKey: queryKeys.surveys.all });
      // The dashboard's recommendations follow the survey's categories.
      void queryClient.invalidateQueries({ queryKey: queryKeys.employeeDashboard.all });
    },
  });
}

export const useSaveSurveyA = () => useSaveSurvey((input: SurveyAInput) => api.PUT('/surveys/a/mine', { body: input }));
export const useSaveSurveyB = () => useSaveSurvey((input: SurveyBInput) => api.PUT('/surveys/b/mine', { body: input }));

// ───────── level 1: the completed surveys (docs/api.md "Surveys") ─────────

type SurveyListParams = { search: string; type: SurveyType | null; page: number; pageSize: number };

export function useAdminSurveys(params: SurveyListParams) {
  return useQuery({
    queryKey: queryKeys.surveys.adminList(params),
    queryFn: ({ signal }) =>
      api.GET('/admin/surveys', { params: { query: { ...pageQuery(params), type: params.type ?? undefined } }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminSurvey(id: string | null) {
  return useQuery({
    queryKey: queryKeys.surveys.adminDetail(id),
    queryFn: ({ signal }) => api.GET('/admin/surveys/{id}', { params: { path: { id: id! } }, signal }),
    enabled: id !== null,
  });
}

export function useCompanySurveySummary(companyId: string | null) {
  return useQuery({
    queryKey: queryKeys.surveys.companySummary(companyId),
    queryFn: ({ signal }) => api.GET('/admin/companies/{id}/survey-summary', { params: { path: { id: companyId! } }, signal }),
    enabled: companyId !== null,
    staleTime: 30_000,
  });
}
