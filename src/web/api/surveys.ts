import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../domain/schemas/me';
import type { MySurveyA, SurveyAInput, SurveyBInput, SurveySaved } from '../../domain/schemas/surveys';
import { api } from './client';
import { meQuery } from './session';

/** GET /api/surveys/a/mine: the previous answers, shown again on a retake. */
export const mySurveyAQuery = queryOptions({
  queryKey: ['surveys', 'a', 'mine'],
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
      void queryClient.invalidateQueries({ queryKey: ['surveys'] });
      // The dashboard's recommendations follow the survey's categories.
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export const useSaveSurveyA = () => useSaveSurvey<SurveyAInput>('/api/surveys/a/mine');
export const useSaveSurveyB = () => useSaveSurvey<SurveyBInput>('/api/surveys/b/mine');
