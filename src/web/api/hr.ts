import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordStatus, UserType } from '../../domain/constants';
import type { CompanyBenefitInput, CompanyBenefitUpdate, EmployeeBalance } from '../../domain/schemas/economy';
import type { AddCompanyUserInput, InviteCompanyUserInput } from '../../domain/schemas/hr';
import type { ImportRow } from '../../domain/employee-import';
import { api, apiUrl } from './client';
import { queryKeys } from './keys';
import { pageQuery, type PageParams } from './paging';
import { retryTransient } from './press-key';
import { hrDashboardQuery } from './first-data';

/** Level 2: the HR screens (docs/api.md "Company HR"). Every key starts with 'hr', so one change can refresh them all. */
const hrKeys = queryKeys.hr;

/** The export downloads (the browser sends the session cookie; the server streams the file). */
export const USERS_CSV_URL = apiUrl('/company/users/export');
export const TOKEN_HISTORY_CSV_URL = apiUrl('/company/tokens/history/export');

export function useHrDashboard() {
  return useQuery(hrDashboardQuery);
}

export function useBenefitsOverview() {
  return useQuery({ queryKey: hrKeys.overview(), queryFn: ({ signal }) => api.GET('/company/benefits/overview', { signal }), staleTime: 10_000 });
}

export function useCompanyTokenStats() {
  return useQuery({ queryKey: hrKeys.tokenStats(), queryFn: ({ signal }) => api.GET('/company/tokens/stats', { signal }), staleTime: 10_000 });
}

const companyEmployeesQuery = (params: PageParams) =>
  queryOptions({
    queryKey: hrKeys.employees(params),
    queryFn: ({ signal }) => api.GET('/company/employees', { params: { query: pageQuery(params) }, signal }),
    staleTime: 10_000,
  });

export function useCompanyEmployees(params: PageParams) {
  return useQuery({ ...companyEmployeesQuery(params), placeholderData: keepPreviousData });
}

/** The latest company-token movements (the screen shows 10 of up to 50 loaded, spec part 2 §9). */
export function useCompanyTokenHistory(limit: number) {
  return useQuery({
    queryKey: hrKeys.history(limit),
    queryFn: ({ signal }) => api.GET('/company/tokens/history', { params: { query: { limit: String(limit) } }, signal }),
    staleTime: 10_000,
  });
}

export function useCompanyUsers(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.users(params),
    queryFn: ({ signal }) => api.GET('/company/users', { params: { query: pageQuery(params) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCompanyBenefits(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.benefits(params),
    queryFn: ({ signal }) => api.GET('/company-benefits', { params: { query: pageQuery(params) }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCompanyRequests(params: PageParams) {
  return useQuery({
    queryKey: hrKeys.requests(params),
    queryFn: ({ signal }) => api.GET('/company/requests', { params: { query: pageQuery(params) }, signal }),
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
  return useHrMutation((values: AddCompanyUserInput) => api.POST('/company/users', { body: values }));
}

/** 'Invitar por correo' (decision 212): the person chooses their password from the mail. */
export function useInviteCompanyUser() {
  return useHrMutation((values: InviteCompanyUserInput) => api.POST('/company/users/invite', { body: values }));
}

export function useResendInvitation() {
  return useHrMutation(({ id }: { id: string }) => api.POST('/company/users/{id}/invitation/resend', { params: { path: { id } } }));
}

export function useRevokeInvitation() {
  return useHrMutation(({ id }: { id: string }) => api.DELETE('/company/users/{id}/invitation', { params: { path: { id } } }));
}

/** The server's dry run of a whole file: nothing is written. */
export function useImportPreview() {
  return useMutation({ mutationFn: (rows: ImportRow[]) => api.POST('/company/users/import/preview', { body: { rows } }) });
}

/** One chunk of an import: one server transaction; the caller owns the key (kept for a retry). */
export function postEmployeeImport(rows: ImportRow[], idempotencyKey: string) {
  return api.POST('/company/users/import', { body: { rows }, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useSetUserStatus() {
  return useHrMutation(({ id, status }: { id: string; status: RecordStatus }) => api.POST('/company/users/{id}/status', { params: { path: { id } }, body: { status } }));
}

export function useSetUserType() {
  return useHrMutation(({ id, userType }: { id: string; userType: UserType }) => api.POST('/company/users/{id}/type', { params: { path: { id } }, body: { userType } }));
}

export function useSaveCompanyBenefit() {
  return useHrMutation(({ id, values }: { id: string | null; values: CompanyBenefitInput | CompanyBenefitUpdate }) =>
    id ? api.PATCH('/company-benefits/{id}', { params: { path: { id } }, body: values }) : api.POST('/company-benefits', { body: values as CompanyBenefitInput }),
  );
}

export function useSetCompanyBenefitStatus() {
  return useHrMutation(({ id, status }: { id: string; status: RecordStatus }) => api.POST('/company-benefits/{id}/status', { params: { path: { id } }, body: { status } }));
}

/** `confirmLarge`: HR typed the confirmation word of a large grant (decision 358). */
type AssignVariables = { userId: string; amount: number; reason: string | null; confirmLarge?: boolean; idempotencyKey: string };

/** Posts one assignment; the caller owns the key (one per employee and press, reused on a retry). */
function postCompanyAssignment({ idempotencyKey, ...input }: AssignVariables) {
  return api.POST('/company/tokens/assign', { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

type BulkAssignVariables = { userIds: string[]; amount: number; reason: string; confirmLarge?: boolean; idempotencyKey: string };

/** One bulk assignment on the server (one transaction), for up to BULK_ASSIGN_CHUNK employees. */
export function postCompanyBulkAssignment({ idempotencyKey, ...input }: BulkAssignVariables) {
  return api.POST('/company/tokens/assign-bulk', { body: input, headers: { 'Idempotency-Key': idempotencyKey } });
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
      api.POST(`/requests/{id}/${decision}` as const, { params: { path: { id: requestId } }, body: {}, headers: { 'Idempotency-Key': idempotencyKey } }),
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
        const page = await api.GET('/company/employees', { params: { query: { limit: '100', offset: String(offset) } }, signal });
        items.push(...page.items);
        if (page.items.length < 100 || items.length >= page.total) return items;
      }
    },
  });
}
