import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlertActionInput,
  BotAccessCompany,
  BotAccessList,
  BotAlert,
  BotAlertList,
  BotAnalytics,
  BotConfigInput,
  BotRequest,
  BotRequestList,
  BotRequestRejectInput,
  BotSettings,
  EmployeePhoneInput,
  EmployeeProfile,
  ProfileDetail,
} from '../../domain/schemas/bot';
import { api, queryString } from './client';
import { queryKeys } from './keys';
import { pageQuery as pageFields, type Paged, type PageParams } from './paging';

/** The wellbeing bot: level 1's access per company and HR's bot screen (docs/api.md "Bot"). */
const botKeys = queryKeys.bot;

const pageQuery = (params: PageParams) => queryString(pageFields(params));

/** HR's screens show messages as they arrive from WhatsApp: they read again every 15 s while open. */
const LIVE_MS = 15_000;

export function useBotAccessList(params: PageParams) {
  return useQuery({
    ...queryOptions({ queryKey: botKeys.accessList(params), queryFn: ({ signal }) => api.get<BotAccessList>(`/api/admin/bot/companies${pageQuery(params)}`, signal) }),
    placeholderData: keepPreviousData,
  });
}

export function useSetBotAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, enabled }: { companyId: string; enabled: boolean }) => api.put<BotAccessCompany>(`/api/admin/bot/companies/${companyId}/access`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.access() }),
  });
}

export function useBotRequests(params: PageParams & { status: 'pending' | 'decided' }) {
  return useQuery({
    queryKey: botKeys.requests(params),
    queryFn: ({ signal }) => api.get<BotRequestList>(`/api/admin/bot/requests${queryString({ ...pageFields(params), status: params.status })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Level 1 approves (the configuration takes effect) or rejects with a reason. */
export function useDecideBotRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reject }: { id: string; reject?: BotRequestRejectInput }) =>
      reject ? api.post<BotRequest>(`/api/admin/bot/requests/${id}/reject`, reject) : api.post<BotRequest>(`/api/admin/bot/requests/${id}/approve`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.all }),
  });
}

export function useBotSettings() {
  return useQuery({ queryKey: botKeys.config(), queryFn: ({ signal }) => api.get<BotSettings>('/api/bot/config', signal) });
}

export function useSaveBotSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BotConfigInput) => api.put<BotSettings>('/api/bot/config', values),
    onSuccess: (saved) => queryClient.setQueryData(botKeys.config(), saved),
  });
}

export function useBotProfiles(params: PageParams) {
  return useQuery({
    queryKey: botKeys.profiles(params),
    queryFn: ({ signal }) => api.get<Paged<EmployeeProfile>>(`/api/bot/profiles${pageQuery(params)}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

export function useBotProfile(userId: string | null) {
  return useQuery({
    queryKey: botKeys.profile(userId ?? ''),
    queryFn: ({ signal }) => api.get<ProfileDetail>(`/api/bot/profiles/${userId}${queryString({ limit: 20 })}`, signal),
    enabled: userId !== null,
  });
}

export function useSetEmployeePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, values }: { userId: string; values: EmployeePhoneInput }) => api.put<EmployeeProfile>(`/api/bot/employees/${userId}/phone`, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.hr() }),
  });
}

export function useBotAlerts(params: PageParams) {
  return useQuery({
    queryKey: botKeys.alerts(params),
    queryFn: ({ signal }) => api.get<BotAlertList>(`/api/bot/alerts${pageQuery(params)}`, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}

export function useBotAnalytics() {
  return useQuery({ queryKey: botKeys.analytics(), queryFn: ({ signal }) => api.get<BotAnalytics>('/api/bot/analytics', signal), refetchInterval: LIVE_MS });
}

export function useTakeAlertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, values }: { alertId: string; values: AlertActionInput }) => api.post<BotAlert>(`/api/bot/alerts/${alertId}/action`, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botKeys.hr() }),
  });
}
