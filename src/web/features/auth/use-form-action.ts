import { useState } from 'react';
import { messageOf } from '../../api/client';

/**
 * The submit cycle of the public forms: clears the error, marks the form busy, runs the call and
 * shows the server's Spanish message when it fails. Only the current attempt's result is shown:
 * a submit the form's own rules refuse (`invalid`, the form's validation-failure
 * handler) also clears the previous attempt's message, so a stale refusal never sits beside the
 * field errors of the new one; `attempted` says whether the person has submitted at all.
 */
export function useFormAction() {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setAttempted(true);
    setSubmitting(true);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  };
  const invalid = () => {
    setError(null);
    setAttempted(true);
  };
  return { error, setError, submitting, attempted, run, invalid };
}
