import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TokenType } from '../../domain/constants';
import { api } from './client';
import { queryKeys } from './keys';
import { pageQuery } from './paging';

export type WalletParams = { tokenType: TokenType; type: 'all' | 'add' | 'remove' | 'used'; page: number; pageSize: number };

/** The employee's own movements of one balance, newest first, with the balance after each (decision 203). */
export function useMyWallet(params: WalletParams) {
  return useQuery({
    queryKey: queryKeys.session.wallet(params),
    queryFn: ({ signal }) => {
      const { limit, offset } = pageQuery(params);
      return api.GET('/me/wallet', { params: { query: { tokenType: params.tokenType, type: params.type, limit, offset } }, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
