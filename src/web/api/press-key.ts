import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from './client';

/**
 * True when the server may not have answered (no connection, 5xx): the same press may be sent
 * again with the same Idempotency-Key, and the server answers the first result if it did commit.
 */
export function isTransientError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Mutation retry for money-moving POSTs: the variables (and so the key) stay the same. */
export const retryTransient = (failureCount: number, error: unknown) => failureCount < 2 && isTransientError(error);

/**
 * One Idempotency-Key per press of a money-moving button (ARCHITECTURE §4). A press with the same
 * input right after a press that got no definitive answer is the same action retried, so it
 * reuses that key; any answer (success or a business error) ends the action.
 */
export function usePressKey() {
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);

  const keyFor = useCallback((fingerprint: string) => {
    if (pending.current?.fingerprint === fingerprint) return pending.current.key;
    const key = newIdempotencyKey();
    pending.current = { fingerprint, key };
    return key;
  }, []);

  const settle = useCallback((error?: unknown) => {
    if (!error || !isTransientError(error)) pending.current = null;
  }, []);

  return { keyFor, settle };
}
