import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordStatus, UserType } from '../../domain/constants';
import type { BenefitRequest, BulkAssignResult, CompanyBenefit, CompanyBenefitInput, CompanyBenefitUpdate, EmployeeBalance, HistoryPage } from '../../domain/schemas/economy';
import type { AddCompanyUserInput, AddedCompanyUser, BenefitsOverview, CompanyTokenStats, CompanyUser, CompanyUserList, EmployeeImportPreview, EmployeeImportResult, InviteCompanyUserInput } from '../../domain/schemas/hr';
import type { ImportRow } from '../../domain/employee-import';
import type { AssignResult } from './admin-tokens';
import { api, queryString } from './client';
import { queryKeys } from './keys';
import { pageQuery, type Paged, type PageParams } from './paging';
import { retryTransient } from './press-key';
import { hrDashboardQuery } from './first-data';

/** Level 2: the HR screens (docs/api.md "Company HR"). Every key starts with 'hr', so one change can refresh them all. */
const hrKeys = queryKeys.hr;
const pageQueryString = (params: PageParams) => queryString(pageQuery(params));

/** The export downloads (the browser sends the session cookie; the server streams the file). */
export const USERS_CSV_URL = '/api/company/users/export';
export const TOKEN_HISTORY_CSV_URL = '/api/company/tokens/history/export';

export function useHrDashboard() {
  return useQuery(hrDashboardQuery);
}

export function useBenefitsOverview() {
  return useQuery({ queryKey: hrKeys.overview(), queryFn: ({ signal }) => api.get<BenefitsOverview>('/api/company/benefits/overview', signal), staleTime: 10_000 });
}

export function useCompanyTokenStats() {
  return useQuery({ queryKey: hrKeys.tokenStats(), queryFn: ({ signal }) => api.get<CompanyTokenStats>('/api/company/tokens/stats', signal), staleTime: 10_000 });
}

const companyEmployeesQuery = (params: PageParams) =>
  queryOptions({
    queryKey: hrKeys.employees(params),
    queryFn: ({ signal }) => api.get<Paged<EmployeeBalance>>(`/api/company/employees${pageQueryString(params)}`, signal),
    staleTime: 10_000,
  });

export function useCompanyEmployees(params: PageParams) {
  return useQuery({ ...companyEmployeesQuery(params), placeholderData: keepPreviousData });
}

/** The latest company-token movements (the screen shows 10 of up to 50 loaded, part 2 §9). */
export function useCompanyTokenHistory(limit: number) {
  return useQuery({
    queryKey: hrKeys.history(limit),
    queryFn: ({ signal }) => api.get<HistoryPage>(`/api/company/tokens/history${queryString({ limit })}`, signal),
    staleTime: 10_000,
  });
}

export function useCompanyUsers(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.users(params),
    queryFn: ({ signal }) => api.get<CompanyUserList>(`/api/company/users${pageQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCompanyBenefits(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.benefits(params),
    queryFn: ({ signal }) => api.get<Paged<CompanyBenefit>>(`/api/company-benefits${pageQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCompanyRequests(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.requests(params),
    queryFn: ({ signal }) => api.get<Paged<BenefitRequest> & { pendingCount: number }>(`/api/company/requests${pageQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Any HR change may move any HR figure (counts, balances, charts): everything under 'hr' is read again. */
function useHrMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>, options: { isMoneyMoving?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: options.isMoneyMoving ? retryTransient : false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrKeys.all }),
  });
}

export function useAddCompanyUser() {
  return useHrMutation((values: AddCompanyUserInput) => api.post<AddedCompanyUser>('/api/company/users', values));
}

/** 'Invitar por correo' (issue 20 §3): the person chooses their password from the mail. */
export function useInviteCompanyUser() {
  return useHrMutation((values: InviteCompanyUserInput) => api.post<CompanyUser>('/api/company/users/invite', values));
}

export function useResendInvitation() {
  return useHrMutation(({ id }: { id: string }) => api.post<{ ok: true }>(`/api/company/users/${encodeURIComponent(id)}/invitation/resend`, {}));
}

export function useRevokeInvitation() {
  return useHrMutation(({ id }: { id: string }) => api.delete<{ ok: true }>(`/api/company/users/${encodeURIComponent(id)}/invitation`));
}

/** The server's dry run of a whole file (issue 20 §2): nothing is written. */
export function useImportPreview() {
  return useMutation({ mutationFn: (rows: ImportRow[]) => api.post<EmployeeImportPreview>('/api/company/users/import/preview', { rows }) });
}

/** One chunk of an import: one server transaction; the caller owns the key (kept for a retry). */
export function postEmployeeImport(rows: ImportRow[], idempotencyKey: string): Promise<EmployeeImportResult> {
  return api.post<EmployeeImportResult>('/api/company/users/import', { rows }, { 'Idempotency-Key': idempotencyKey });
}

export function useSetUserStatus() {
  return useHrMutation(({ id, status }: { id: string; status: RecordStatus }) => api.post<CompanyUser>(`/api/company/users/${encodeURIComponent(id)}/status`, { status }));
}

export function useSetUserType() {
  return useHrMutation(({ id, userType }: { id: string; userType: UserType }) => api.post<CompanyUser>(`/api/company/users/${encodeURIComponent(id)}/type`, { userType }));
}

export function useSaveCompanyBenefit() {
  return useHrMutation(({ id, values }: { id: string | null; values: CompanyBenefitInput | CompanyBenefitUpdate }) =>
    id ? api.patch<CompanyBenefit>(`/api/company-benefits/${id}`, values) : api.post<CompanyBenefit>('/api/company-benefits', values),
  );
}

export function useSetCompanyBenefitStatus() {
  return useHrMutation(({ id, status }: { id: string; status: RecordStatus }) => api.post<CompanyBenefit>(`/api/company-benefits/${id}/status`, { status }));
}

/** `confirmLarge`: HR typed the confirmation word of a large grant (decision 358). */
type AssignVariables = { userId: string; amount: number; reason: string | null; confirmLarge?: boolean; idempotencyKey: string };

/** Posts one assignment; the caller owns the key (one per employee and press, reused on a retry). */
function postCompanyAssignment({ idempotencyKey, ...input }: AssignVariables): Promise<AssignResult> {
  return api.post<AssignResult>('/api/company/tokens/assign', input, { 'Idempotency-Key': idempotencyKey });
}

type BulkAssignVariables = { userIds: string[]; amount: number; reason: string; confirmLarge?: boolean; idempotencyKey: string };

/** One bulk assignment on the server (one transaction), for up to BULK_ASSIGN_CHUNK employees. */
export function postCompanyBulkAssignment({ idempotencyKey, ...input }: BulkAssignVariables): Promise<BulkAssignResult> {
  return api.post<BulkAssignResult>('/api/company/tokens/assign-bulk', input, { 'Idempotency-Key': idempotencyKey });
}

export function useAssignCompanyTokens() {
  return useHrMutation(postCompanyAssignment, { isMoneyMoving: true });
}

/** Reads every HR figure again (after a bulk assignment). */
export function useRefreshHr() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hrKeys.all });
}

type DecideVariables = { requestId: string; decision: 'approve' | 'reject'; idempotencyKey: string };

export function useDecideCompanyRequest() {
  return useHrMutation(
    ({ requestId, decision, idempotencyKey }: DecideVariables) =>
      api.post<BenefitRequest>(`/api/requests/${encodeURIComponent(requestId)}/${decision}`, {}, { 'Idempotency-Key': idempotencyKey }),
    { isMoneyMoving: true },
  );
}

/**
 * Every employee with balances, for the bulk modal's checkboxes: read page by page (100, the API's
 * maximum) while the modal is open.
 */
export function useAllCompanyEmployees(enabled: boolean) {
  return useQuery({
    queryKey: hrKeys.allEmployees(),
    enabled,
    staleTime: 10_000,
    queryFn: async ({ signal }) => {
      const items: EmployeeBalance[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await api.get<Paged<EmployeeBalance>>(`/api/company/employees${queryString({ limit: 100, offset })}`, signal);
        items.push(...page.items);
        if (page.items.length < 100 || items.length >= page.total) return items;
      }
    },
  });
}
