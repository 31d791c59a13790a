import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../domain/schemas/economy';
import { api } from './client';
import { queryKeys } from './keys';
import { retryTransient } from './press-key';

/** Who reverses: HR its company's company tokens, level 1 flexible tokens (decision 359). */
export type ReversalScope = 'company' | 'platform';

const REVERSE_PATH = {
  company: '/company/tokens/grants/{transferId}/reverse',
  platform: '/admin/tokens/grants/{transferId}/reverse',
} as const satisfies Record<ReversalScope, string>;

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
      api.POST(REVERSE_PATH[scope], { params: { path: { transferId: String(transferId) } }, body: {}, headers: { 'Idempotency-Key': idempotencyKey } }),
    retry: retryTransient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope === 'company' ? queryKeys.hr.all : queryKeys.adminTokens.all }),
  });
}
