import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/client';
import { postCompanyAssignment, useRefreshHr } from '../../api/hr';
import { isTransientError } from '../../api/press-key';

/** Assignments in flight at once: enough to finish hundreds quickly, few enough not to crowd the server. */
const PARALLEL = 4;

export type BulkProgress = { done: number; total: number; assigned: number; skipped: number; toRetry: number };
export type BulkInput = { userIds: string[]; amount: number; reason: string };

/**
 * A bulk assignment sent as one idempotent call per employee (decision 77), so the screen shows
 * progress and a retry never pays anyone twice: each employee keeps the Idempotency-Key of the first
 * try until that employee got a definitive answer; a retry sends only those that got none (network
 * error, 5xx), with their same keys, and the server answers the first result to any that did commit.
 * Refusals (an employee who left, say) are skipped and not counted, as part 2 §8 says.
 */
export function useBulkAssignment() {
  const refresh = useRefreshHr();
  const keys = useRef(new Map<string, string>());
  const unanswered = useRef<BulkInput | null>(null);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  const run = useCallback(
    async (input: BulkInput): Promise<BulkProgress> => {
      setIsRunning(true);
      const state: BulkProgress = { done: 0, total: input.userIds.length, assigned: 0, skipped: 0, toRetry: 0 };
      const retry: string[] = [];
      setProgress({ ...state });
      const queue = [...input.userIds];
      const worker = async () => {
        for (let userId = queue.shift(); userId !== undefined; userId = queue.shift()) {
          const key = keys.current.get(userId) ?? newIdempotencyKey();
          keys.current.set(userId, key);
          try {
            await postCompanyAssignment({ userId, amount: input.amount, reason: input.reason, idempotencyKey: key });
            state.assigned++;
            keys.current.delete(userId);
          } catch (error) {
            if (isTransientError(error)) retry.push(userId);
            else {
              state.skipped++;
              keys.current.delete(userId);
            }
          }
          state.done++;
          setProgress({ ...state, toRetry: retry.length });
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
      state.toRetry = retry.length;
      unanswered.current = retry.length > 0 ? { ...input, userIds: retry } : null;
      setProgress({ ...state });
      setIsRunning(false);
      await refresh();
      return state;
    },
    [refresh],
  );

  /** Sends again, with the same keys, the employees whose assignment got no answer. */
  const retryUnanswered = useCallback(() => (unanswered.current ? run(unanswered.current) : Promise.resolve(null)), [run]);

  const reset = useCallback(() => {
    if (!unanswered.current) keys.current.clear();
    setProgress(null);
  }, []);

  return { run, retryUnanswered, reset, progress, isRunning };
}
