import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordStatus } from '../../domain/constants';
import type { CompanyAdminInput, CompanyAdminInvite, CompanyInput, CompanyUpdate } from '../../domain/schemas/companies';
import { api } from './client';
import { queryKeys } from './keys';
import { pageQuery, type PageParams } from './paging';

/** Level 1: the companies screen (docs/api.md "Companies"). */
const companyKeys = queryKeys.companies;

type CompanyListParams = PageParams;

const companiesQuery = (params: CompanyListParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: ({ signal }) =>
      api.GET('/companies', { params: { query: pageQuery(params) }, signal }),
    staleTime: 10_000,
  });

export function useCompanies(params: CompanyListParams) {
  return useQuery({ ...companiesQuery(params), placeholderData: keepPreviousData });
}

/** Every change to a company reads the list again (the counts and order may change). */
function useCompanyMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }) });
}

export function useSaveCompany() {
  return useCompanyMutation(({ id, values }: { id: string | null; values: CompanyInput | CompanyUpdate }) =>
    id ? api.PATCH('/companies/{id}', { params: { path: { id } }, body: values }) : api.POST('/companies', { body: values as CompanyInput }),
  );
}

export function useSetCompanyStatus() {
  return useCompanyMutation(({ id, status }: { id: string; status: RecordStatus }) => api.POST('/companies/{id}/status', { params: { path: { id } }, body: { status } }));
}

/** 'Invitar administrador' (decision 212): the HR admin chooses the password from the mail. */
export function useInviteCompanyAdmin() {
  return useCompanyMutation(({ companyId, values }: { companyId: string; values: CompanyAdminInvite }) =>
    api.POST('/companies/{id}/admins/invite', { params: { path: { id: companyId } }, body: values }),
  );
}

export function useCreateCompanyAdmin() {
  return useCompanyMutation(({ companyId, values }: { companyId: string; values: CompanyAdminInput }) =>
    api.POST('/companies/{id}/admins', { params: { path: { id: companyId } }, body: values }),
  );
}
