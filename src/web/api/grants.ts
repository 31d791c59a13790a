import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry, ReverseGrantResult } from '../../domain/schemas/economy';
import { api } from './client';
import { queryKeys } from './keys';
import { retryTransient } from './press-key';

/** Who reverses: HR its company's company tokens, level 1 flexible tokens (decision 359). */
export type ReversalScope = 'company' | 'platform';

const REVERSE_URL: Record<ReversalScope, (transferId: number) => string> = {
  company: (id) => `/api/company/tokens/grants/${id}/reverse`,
  platform: (id) => `/api/admin/tokens/grants/${id}/reverse`,
};

/**
 * Whether a history row offers 'Revertir' to this caller: a grant not reversed yet, of the token
 * type the caller may take back. The server checks it all again (and the wallet's balance).
 */
export function canReverse(entry: HistoryEntry, scope: ReversalScope): boolean {
  return entry.kind === 'grant' && entry.reversedByTransferId === null && entry.tokenType === (scope === 'company' ? 'company' : 'jobby');
}

/** Reverses one grant; the histories and balances are read again afterwards. The caller owns the key. */
export function useReverseGrant(scope: ReversalScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transferId, idempotencyKey }: { transferId: number; idempotencyKey: string }) =>
      api.post<ReverseGrantResult>(REVERSE_URL[scope](transferId), {}, { 'Idempotency-Key': idempotencyKey }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope === 'company' ? queryKeys.hr.all : queryKeys.adminTokens.all }),
  });
}
