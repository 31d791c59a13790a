import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertActionInput, BotConfigInput, BotRequestRejectInput, EmployeePhoneInput } from '../../domain/schemas/bot';
import { api } from './client';
import { queryKeys } from './keys';
import { pageQuery as pageFields, type PageParams } from './paging';

/** The wellbeing bot: level 1's access per company and HR's bot screen (docs/api.md "Bot"). */
const botKeys = queryKeys.bot;

/** HR's screens show messages as they arrive from WhatsApp: they read again every 15 s while open. */
const LIVE_MS = 15_000;

export function useBotAccessList(params: PageParams) {
  return useQuery({
    ...queryOptions({ queryKey: botKeys.accessList(params), queryFn: ({ signal }) => api.GET('/admin/bot/companies', { params: { query: pageFields(params) }, signal }) }),
    placeholderData: keepPreviousData,
  });
}

export function useSetBotAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, enabled }: { companyId: string; enabled: boolean }) => api.PUT('/admin/bot/companies/{id}/access', { params: { path: { id: companyId } }, body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.access() }),
  });
}

export function useBotRequests(params: PageParams & { status: 'pending' | 'decided' }) {
  return useQuery({
    queryKey: botKeys.requests(params),
    queryFn: ({ signal }) => api.GET('/admin/bot/requests', { params: { query: { ...pageFields(params), status: params.status } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Level 1 approves (the configuration takes effect) or rejects with a reason. */
export function useDecideBotRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reject }: { id: string; reject?: BotRequestRejectInput }) =>
      reject
        ? api.POST('/admin/bot/requests/{id}/reject', { params: { path: { id } }, body: reject })
        : api.POST('/admin/bot/requests/{id}/approve', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
  });
}

export function useBotSettings() {
  return useQuery({ queryKey: botKeys.config(), queryFn: ({ signal }) => api.GET('/bot/config', { signal }) });
}

export function useSaveBotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BotConfigInput) => api.PUT('/bot/config', { body: values }),
    onSuccess: (saved) => queryClient.setQueryData(botKeys.config(), saved),
  });
}

export function useBotProfiles(params: PageParams) {
  return useQuery({
    queryKey: botKeys.profiles(params),
    queryFn: ({ signal }) => api.GET('/bot/profiles', { params: { query: pageFields(params) }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

export function useBotProfile(userId: string | null) {
  return useQuery({
    queryKey: botKeys.profile(userId ?? ''),
    queryFn: ({ signal }) => api.GET('/bot/profiles/{id}', { params: { path: { id: userId! }, query: { limit: '20' } }, signal }),
    enabled: userId !== null,
  });
}

export function useSetEmployeePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, values }: { userId: string; values: EmployeePhoneInput }) => api.PUT('/bot/employees/{id}/phone', { params: { path: { id: userId } }, body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.hr() }),
  });
}

export function useBotAlerts(params: PageParams) {
  return useQuery({
    queryKey: botKeys.alerts(params),
    queryFn: ({ signal }) => api.GET('/bot/alerts', { params: { query: pageFields(params) }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

export function useBotAnalytics() {
  return useQuery({ queryKey: botKeys.analytics(), queryFn: ({ signal }) => api.GET('/bot/analytics', { signal }), refetchInterval: LIVE_MS });
}

export function useTakeAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, values }: { alertId: string; values: AlertActionInput }) => api.POST('/bot/alerts/{id}/action', { params: { path: { id: alertId } }, body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.hr() }),
  });
}
