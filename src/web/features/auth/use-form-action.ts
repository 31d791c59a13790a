import { useState } from 'react';
import { messageOf } from '../../api/client';

/**
 * The submit cycle of the public forms: clears the error, marks the form busy, runs the call and
 * shows the server's Spanish message when it fails.
 */
export function useFormAction() {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setSubmitting(true);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  };
  return { error, setError, submitting, run };
}
