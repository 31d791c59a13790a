import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/client';
import { postCompanyBulkAssignment, useRefreshHr } from '../../api/hr';
import { isTransientError } from '../../api/press-key';

/**
 * Employees per request: each request is one server transaction (assign-bulk, up to 1,000 ids), so
 * 8 employees are one request and a company of 10,000 is 20, with progress between them.
 */
const BULK_ASSIGN_CHUNK = 500;

type BulkProgress = { done: number; total: number; assigned: number; skipped: number; toRetry: number };
type BulkInput = { userIds: string[]; amount: number; reason: string; confirmLarge?: boolean };

type Chunk = { userIds: string[]; key: string };

/**
 * A bulk assignment sent to the server as one operation per chunk of BULK_ASSIGN_CHUNK employees
 * (decision 117): each chunk is all-or-nothing on the server and carries one
 * Idempotency-Key, kept until the chunk got a definitive answer, so a retry (network error, 5xx)
 * sends only the unanswered chunks with their same keys and nobody is paid twice. Employees the
 * server refuses (inactive, another company) come back in `failedUserIds` and are counted as
 * skipped, as spec part 2 §8 says.
 */
export function useBulkAssignment() {
  const refresh = useRefreshHr();
  const unanswered = useRef<{ input: BulkInput; chunks: Chunk[] } | null>(null);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  const send = useCallback(
    async (input: BulkInput, chunks: Chunk[]): Promise<BulkProgress> => {
      setIsRunning(true);
      const total = chunks.reduce((sum, chunk) => sum + chunk.userIds.length, 0);
      const state: BulkProgress = { done: 0, total, assigned: 0, skipped: 0, toRetry: 0 };
      const retry: Chunk[] = [];
      setProgress({ ...state });
      try {
        for (const chunk of chunks) {
          try {
            const result = await postCompanyBulkAssignment({ userIds: chunk.userIds, amount: input.amount, reason: input.reason, confirmLarge: input.confirmLarge, idempotencyKey: chunk.key });
            state.assigned += result.assigned;
            state.skipped += result.failedUserIds.length;
          } catch (error) {
            if (!isTransientError(error)) throw error;
            retry.push(chunk);
          }
          state.done += chunk.userIds.length;
          state.toRetry = retry.reduce((sum, c) => sum + c.userIds.length, 0);
          setProgress({ ...state });
        }
      } finally {
        unanswered.current = retry.length > 0 ? { input, chunks: retry } : null;
        setIsRunning(false);
        await refresh();
      }
      return state;
    },
    [refresh],
  );

  const run = useCallback(
    (input: BulkInput) => {
      // A chunk that got no answer before keeps its key when it is sent again (even from a new run
      // after the window was closed): if it did commit, the server answers its first result.
      const earlier = new Map((unanswered.current?.chunks ?? []).map((chunk) => [chunk.userIds.join(','), chunk.key]));
      const chunks: Chunk[] = [];
      for (let i = 0; i < input.userIds.length; i += BULK_ASSIGN_CHUNK) {
        const userIds = input.userIds.slice(i, i + BULK_ASSIGN_CHUNK);
        chunks.push({ userIds, key: earlier.get(userIds.join(',')) ?? newIdempotencyKey() });
      }
      return send(input, chunks);
    },
    [send],
  );

  /** Sends again, with the same keys, the chunks that got no answer. */
  const retryUnanswered = useCallback(() => (unanswered.current ? send(unanswered.current.input, unanswered.current.chunks) : Promise.resolve(null)), [send]);

  const reset = useCallback(() => setProgress(null), []);

  return { run, retryUnanswered, reset, progress, isRunning };
}
